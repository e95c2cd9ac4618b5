import { describe, expect, it } from 'vitest';
import { asnPackageErrors as e, validateAsnPackages } from '../../src/domain/rules/asn-packages';
import type { AsnPackage } from '../../src/domain/schemas/asn-packages';

const lines = [
  { number: 1, quantity: 3 },
  { number: 2, quantity: 1 },
];
const carton = (sscc: string | null, packed: AsnPackage['lines'], parent: number | null = null): AsnPackage => ({ kind: 'carton', sscc, parent, lines: packed });
const pallet = (sscc: string | null): AsnPackage => ({ kind: 'pallet', sscc, parent: null, lines: [] });

describe('validateAsnPackages', () => {
  it('accepts cartons on a pallet, with and without SSCCs, packing at most what the ASN ships', () => {
    expect(validateAsnPackages([pallet('354123450000000014'), carton('006141411234567890', [{ number: 1, quantity: 2 }], 0), carton(null, [{ number: 1, quantity: 1 }, { number: 2, quantity: 1 }])], lines)).toEqual([]);
    expect(validateAsnPackages([], lines)).toEqual([]);
  });

  it('names a bad check digit, a repeated SSCC, a carton on something not a pallet, a line not shipped, a count of zero, and overpacking', () => {
    expect(
      validateAsnPackages(
        [
          carton('006141411234567891', []),
          carton('354123450000000014', [{ number: 3, quantity: 1 }]),
          carton('354123450000000014', [{ number: 1, quantity: 0 }], 1),
          carton(null, [{ number: 1, quantity: 2 }, { number: 1, quantity: 1.5 }]),
        ],
        lines,
      ),
    ).toEqual([
      e.badSscc(1, '006141411234567891'),
      e.notOnAsn(2, 3),
      e.repeatedSscc('354123450000000014'),
      e.badParent(3),
      e.badQuantity(3, 1),
      e.overPacked(1, 3.5, 3),
    ]);
  });
});
