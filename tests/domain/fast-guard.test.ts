import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '../../src/domain/schemas/catalogue';
import { compileGuard, fastChecked } from '../../src/domain/schemas/fast-guard';

/**
 * The guard compiled from a schema must never pass what the schema refuses, nor what
 * the schema would hand back changed (a stripped key, a trimmed string): what passes
 * is used as it is, unparsed.
 */
const product = {
  productCode: 'P1',
  sellerId: 'S1',
  description: 'Nitrile gloves',
  longDescription: null,
  otherName: null,
  unitOfMeasure: 'EA',
  flagCode: 'A',
  taxable: 'Y',
  leadTime: 3,
  warrentyPeriod: null,
  unavailableFromDate: null,
  unavailableToDate: null,
  chemicalClassifications: null,
  chemManagementPlatformId: null,
  casNumbers: null,
  dangerousGoodsFlag: false,
  hazardousMaterialFlag: null,
  radioActiveFlag: null,
  weight: 1.5,
  weightUnit: 'kg',
  width: null,
  widthUnit: null,
  height: null,
  heightUnit: null,
  depth: null,
  depthUnit: null,
  length: null,
  lengthUnit: null,
  message: null,
  comments: null,
  barcodes: [{ uom: 'EA', code: '9300000000001', type: 'EAN13' }],
  urls: [{ url: 'https://example.test', notes: null }],
  assets: [],
};

/** The guard and the schema on one value: the guard may say no where zod says yes, never the other way. */
function agree(schema: z.ZodType, value: unknown) {
  const guarded = compileGuard(schema)(value);
  const parsed = schema.safeParse(value);
  if (guarded) {
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(value);
  }
  return guarded;
}

describe('a guard compiled from a schema', () => {
  it("passes a product with the schema's every field, as the schema does", () => {
    expect(agree(productSchema, product)).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a renamed field', (() => {
      const { productCode, ...rest } = product;
      return { ...rest, code: productCode };
    })()],
    ['a missing field', (() => {
      const { comments: _comments, ...rest } = product;
      return rest;
    })()],
    ['a string where a number goes', { ...product, leadTime: '3' }],
    ['a number where a string goes', { ...product, productCode: 1 }],
    ['null where null is not allowed', { ...product, productCode: null }],
    ['a boolean as text', { ...product, dangerousGoodsFlag: 'N' }],
    ['a number that is not finite', { ...product, weight: Number.NaN }],
    ['a barcode without its code', { ...product, barcodes: [{ uom: 'EA', type: 'EAN13' }] }],
    ['a list that is not a list', { ...product, assets: {} }],
  ])('refuses a product with %s, as the schema does', (_, value) => {
    expect(agree(productSchema, value)).toBe(false);
    expect(productSchema.safeParse(value).success).toBe(false);
  });

  it('refuses a key the schema does not know, which the schema would strip: the value would not come out as it went in', () => {
    expect(agree(productSchema, { ...product, colour: 'blue' })).toBe(false);
    expect(agree(productSchema, { ...product, barcodes: [{ ...product.barcodes[0], extra: 1 }] })).toBe(false);
  });

  it("follows a tuple's length and items, a record's values, and the checks of a primitive", () => {
    const tuple = z.tuple([z.string(), z.number().int().min(0), z.boolean().nullable()]);
    expect(agree(tuple, ['a', 2, null])).toBe(true);
    expect(agree(tuple, ['a', 2])).toBe(false);
    expect(agree(tuple, ['a', 2, true, 'more'])).toBe(false);
    expect(agree(tuple, ['a', -1, true])).toBe(false);
    expect(agree(tuple, ['a', 1.5, true])).toBe(false);
    const record = z.record(z.string(), z.string());
    expect(agree(record, { EA: 'each' })).toBe(true);
    expect(agree(record, { EA: 1 })).toBe(false);
    expect(agree(record, ['EA'])).toBe(false);
  });

  it('leaves to the schema what it does not know or what the schema would rewrite', () => {
    expect(agree(z.string().trim(), ' padded ')).toBe(false);
    expect(agree(z.string().trim(), 'tidy')).toBe(true);
    expect(agree(z.union([z.string(), z.number()]), 'x')).toBe(false);
    expect(agree(z.string().default('x'), 'x')).toBe(false);
    expect(agree(z.array(z.string()).min(1), ['x'])).toBe(false);
    expect(agree(z.object({ a: z.string() }).refine(() => true), { a: 'x' })).toBe(false);
  });
});

describe('a schema checked with its guard in front', () => {
  const checked = fastChecked(productSchema);

  it('answers a value the guard passes as it is, not a copy', () => {
    expect(checked.parse(product)).toBe(product);
  });

  it("answers the schema's output for what only the schema passes, and the schema's errors for what it refuses", () => {
    expect(checked.parse({ ...product, colour: 'blue' })).toEqual(product);
    const refused = checked.safeParse({ ...product, leadTime: '3' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['leadTime'] });
  });
});
