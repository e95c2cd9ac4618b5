import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameShape } from '../../src/api/same-shape';
import { productWrapperSchema } from '../../src/domain/schemas/catalogue';
import { productWrapper } from './helpers/product-rows';

/** What decides whether the product mirror may store the server's own text (request.ts): the schema kept every field. */
describe('sameShape', () => {
  const parsedLikeTheClient = (value: unknown) => [value, productWrapperSchema.parse(value)] as const;

  it('holds for a wrapper the schema keeps whole, however deep', () => {
    const wrapper = JSON.parse(JSON.stringify(productWrapper('SUP1', 'P1'))) as unknown;
    expect(sameShape(...parsedLikeTheClient(wrapper))).toBe(true);
  });

  it('fails for a field the schema drops, at the top or deep in a list', () => {
    const top = { ...productWrapper('SUP1', 'P1'), secret: 'x' };
    expect(sameShape(...parsedLikeTheClient(top))).toBe(false);
    const wrapper = productWrapper('SUP1', 'P1');
    const deep = { ...wrapper, product: { ...wrapper.product, barcodes: [{ uom: 'EA', code: '1', type: 'EAN13', internal: true }] } };
    expect(sameShape(...parsedLikeTheClient(deep))).toBe(false);
  });

  it('compares lists by length and values by identity', () => {
    const list = z.array(z.number());
    expect(sameShape([1, 2], list.parse([1, 2]))).toBe(true);
    expect(sameShape([1, 2], [1])).toBe(false);
    expect(sameShape({ a: null }, { a: null })).toBe(true);
    expect(sameShape({ a: 1 }, { a: '1' })).toBe(false);
  });
});
