import { describe, expect, it } from 'vitest';
import { parseTemplateJson, templateBodyErrors } from '../../src/domain/rules/extraction-template';
import { parseDecimal, parseFormattedDecimal, percentOf, round, sum, toMoney, toNumber } from '../../server/intake/extract/decimal';
import { isoDay } from '../../server/intake/extract/invoice-facts';
import { SHIPPED_TEMPLATES } from '../../server/intake/extract/shipped-templates';
import { templateJson } from '../../server/intake/extract/template-store';
import { parseTemplateDate } from '../../server/intake/extract/template-dates';

const d = (s: string) => parseDecimal(s)!;

describe('amounts are exact decimals until they become numbers', () => {
  it('adds without float drift and rounds half away from zero to cents', () => {
    expect(toMoney(sum([d('0.1'), d('0.2')]))).toBe(0.3);
    expect(toMoney(d('1.005'))).toBe(1.01);
    expect(toMoney(d('-1.005'))).toBe(-1.01);
    expect(toMoney(d('2.675'))).toBe(2.68);
    expect(toNumber(d('0.275'))).toBe(0.275);
    expect(toNumber(d('-3.96'))).toBe(-3.96);
    expect(toMoney(round(percentOf(d('187.50'), d('25')), 2))).toBe(46.88);
  });

  it('reads plain XML decimals and refuses anything else', () => {
    expect(toNumber(d('.00'))).toBe(0);
    expect(toNumber(d('+12'))).toBe(12);
    for (const bad of ['', '1e3', '1,5', 'abc', '-', '.']) expect(parseDecimal(bad)).toBeNull();
  });

  it('reads printed amounts with either decimal separator, thousands, and bracketed or trailing minus', () => {
    expect(toNumber(parseFormattedDecimal('1,234.50')!)).toBe(1234.5);
    expect(toNumber(parseFormattedDecimal('1.234,50', ',')!)).toBe(1234.5);
    expect(toNumber(parseFormattedDecimal('1 234,50', ',')!)).toBe(1234.5);
    expect(toNumber(parseFormattedDecimal('(12.00)')!)).toBe(-12);
    expect(toNumber(parseFormattedDecimal('12.00-')!)).toBe(-12);
    expect(parseFormattedDecimal('twelve')).toBeNull();
  });
});

describe('dates', () => {
  it('takes the calendar day of each format and refuses impossible dates', () => {
    expect(isoDay('20260131')).toBe('2026-01-31');
    expect(isoDay('2009-05-01T11:45:51-07:00')).toBe('2009-05-01');
    expect(isoDay('2026-02-30')).toBeNull();
    expect(parseTemplateDate('02/03/2026', ['DD/MM/YYYY'])).toBe('2026-03-02');
    expect(parseTemplateDate('02/03/2026', ['MM/DD/YYYY'])).toBe('2026-02-03');
    expect(parseTemplateDate('2 Mar 2026', ['DD/MM/YYYY', 'D MMM YYYY'])).toBe('2026-03-02');
    expect(parseTemplateDate('March 2, 2026', ['MMM D, YYYY'])).toBe('2026-03-02');
    expect(parseTemplateDate('31/02/2026', ['DD/MM/YYYY'])).toBeNull();
  });
});

describe('templates', () => {
  it('every shipped template passes the rules a template support saves must pass', () => {
    for (const t of SHIPPED_TEMPLATES) {
      expect(templateBodyErrors(t), t.name).toEqual([]);
      expect(parseTemplateJson(templateJson(t)).errors, t.name).toEqual([]);
    }
  });

  it('fills in defaults for what a template leaves out', () => {
    const { body, errors } = parseTemplateJson(JSON.stringify({ keywords: ['x'], fields: { documentId: '(a)', dateCreated: '(b)', totalValue: '(c)' } }));
    expect(errors).toEqual([]);
    expect(body).toEqual({
      keywords: ['x'],
      excludeKeywords: [],
      fields: { documentId: '(a)', dateCreated: '(b)', totalValue: '(c)' },
      lines: null,
      options: { currency: 'AUD', dateFormats: ['YYYY-MM-DD'], decimalSeparator: '.' },
    });
  });
});
