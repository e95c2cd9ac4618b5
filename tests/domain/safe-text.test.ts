import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { isSafeText, text, unsafeTextPaths } from '../../src/domain/schemas/text';

describe('safe text', () => {
  it('refuses C0 and C1 control characters, DEL and unpaired surrogates; keeps tab, line breaks and surrogate pairs', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u001f', '\u007f', '\u0085', 'x\ud800', '\ud800x', '\udfff', 'a\udc00\ud800b']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'plain', 'tab\there', 'lines\r\nand\n', '🧪 flask', 'Müller €']) expect(isSafeText(good), good).toBe(true);
  });

  it('text() schemas refuse them with the catalogue’s message, so a form says so before anything is sent', () => {
    const result = text('name').safeParse('Ac\u0000me');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(fieldErrors.unsafeText);
    expect(text('name').safeParse('Acme').success).toBe(true);
  });

  it('names every place of a request that holds them, keys included', () => {
    expect(unsafeTextPaths({ a: 'ok', b: ['fine', 'b\u0000d'], c: { 'k\u0007': 1 }, d: 3, e: null })).toEqual(['b.1', 'c.<key>']);
    expect(unsafeTextPaths('\u0000')).toEqual(['value']);
    expect(unsafeTextPaths(Buffer.from([0, 1, 2]))).toEqual([]);
  });
});
