import { describe, expect, it } from 'vitest';
import {
  priceWithinTolerance,
  quantityAllowance,
  quantityWithinTolerance,
  totalWithinTolerance,
  validateMatchingSettings,
} from '../../src/domain/rules/invoice-tolerances';
import { DEFAULT_MATCHING_SETTINGS } from '../../src/domain/schemas/invoice-matching';

const settings = (extra: Partial<typeof DEFAULT_MATCHING_SETTINGS>) => ({ ...DEFAULT_MATCHING_SETTINGS, ...extra });

describe('price tolerance', () => {
  it('with the default 0 % and 0.00 accepts only the price itself', () => {
    expect(priceWithinTolerance(10, 10, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(priceWithinTolerance(10.01, 10, DEFAULT_MATCHING_SETTINGS)).toBe(false);
    expect(priceWithinTolerance(9.99, 10, DEFAULT_MATCHING_SETTINGS)).toBe(false);
  });

  it('accepts exactly the percent and refuses one cent over', () => {
    const s = settings({ pricePercent: 2 });
    expect(priceWithinTolerance(10.2, 10, s)).toBe(true);
    expect(priceWithinTolerance(9.8, 10, s)).toBe(true);
    expect(priceWithinTolerance(10.21, 10, s)).toBe(false);
  });

  it('accepts exactly the amount despite binary fractions (10.30 - 10.10 is not 0.2 in floating point)', () => {
    const s = settings({ priceAmount: 0.2 });
    expect(10.3 - 10.1).toBeGreaterThan(0.2);
    expect(priceWithinTolerance(10.3, 10.1, s)).toBe(true);
    expect(priceWithinTolerance(10.31, 10.1, s)).toBe(false);
  });

  it('lets either bound through: the larger of the amount and the percent', () => {
    const s = settings({ pricePercent: 1, priceAmount: 0.5 });
    expect(priceWithinTolerance(10.5, 10, s)).toBe(true); // amount wins on a small price
    expect(priceWithinTolerance(1010, 1000, s)).toBe(true); // percent wins on a large one
    expect(priceWithinTolerance(1010.01, 1000, s)).toBe(false);
  });
});

describe('quantity tolerance (default 1 unit or 5 %)', () => {
  it('on a small quantity the unit is the larger bound', () => {
    expect(quantityAllowance(10, DEFAULT_MATCHING_SETTINGS)).toBe(1);
    expect(quantityWithinTolerance(11, 10, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(quantityWithinTolerance(11.01, 10, DEFAULT_MATCHING_SETTINGS)).toBe(false);
  });

  it('on a large quantity the percent is', () => {
    expect(quantityWithinTolerance(105, 100, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(quantityWithinTolerance(106, 100, DEFAULT_MATCHING_SETTINGS)).toBe(false);
  });

  it('nothing left means only the units pass', () => {
    expect(quantityWithinTolerance(1, 0, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(quantityWithinTolerance(2, 0, DEFAULT_MATCHING_SETTINGS)).toBe(false);
    expect(quantityWithinTolerance(1, 0, settings({ quantityUnits: 0 }))).toBe(false);
  });
});

describe('total tolerance', () => {
  it('accepts exactly the percent of the order total over what is left, and refuses one cent more', () => {
    expect(totalWithinTolerance(231, 220, 220, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(totalWithinTolerance(231.01, 220, 220, DEFAULT_MATCHING_SETTINGS)).toBe(false);
  });

  it('measures the percent on the order total, so a second invoice may use what the first left', () => {
    expect(totalWithinTolerance(31, 20, 220, DEFAULT_MATCHING_SETTINGS)).toBe(true);
    expect(totalWithinTolerance(31.01, 20, 220, DEFAULT_MATCHING_SETTINGS)).toBe(false);
  });
});

describe('the Invoice Matching form', () => {
  it('accepts the defaults', () => {
    expect(validateMatchingSettings(DEFAULT_MATCHING_SETTINGS)).toEqual([]);
  });

  it('names each field that is negative, too large or no number', () => {
    const issues = validateMatchingSettings(settings({ pricePercent: -1, quantityPercent: 101, totalPercent: Number.NaN, priceAmount: 2_000_000 }));
    expect(issues.map((i) => i.field)).toEqual(['pricePercent', 'priceAmount', 'quantityPercent', 'totalPercent']);
    expect(issues[0]!.message).toBe('Price tolerance (%) must be 0 or more');
    expect(issues[2]!.message).toBe('Quantity tolerance (%) must be at most 100');
  });

  it('refuses a mode other than 2-way or 3-way', () => {
    expect(validateMatchingSettings(settings({ mode: '4-way' as '3-way' })).map((i) => i.field)).toEqual(['mode']);
  });
});
