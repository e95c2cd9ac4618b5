import { describe, expect, it } from 'vitest';
import { prefillAsnLines, remainingQuantities, roundQuantity } from '../../src/domain/remaining-quantities';

const order = [
  { number: 1, quantity: 10, uom: 'EA' },
  { number: 2, quantity: 4.5, uom: 'KG' },
  { number: 3, quantity: 2, uom: 'BX' },
];

describe('remainingQuantities', () => {
  it('is the order quantity when nothing shipped yet', () => {
    expect([...remainingQuantities(order, [])]).toEqual([
      [1, 10],
      [2, 4.5],
      [3, 2],
    ]);
  });

  it('subtracts every earlier ASN, line by line', () => {
    const asns = [{ lines: [{ number: 1, quantity: 3 }, { number: 2, quantity: 1.25 }] }, { lines: [{ number: 1, quantity: 2 }] }];
    const left = remainingQuantities(order, asns);
    expect(left.get(1)).toBe(5);
    expect(left.get(2)).toBe(3.25);
    expect(left.get(3)).toBe(2);
  });

  it('rounds to two decimals so repeated small shipments leave exact figures', () => {
    const asns = [0.1, 0.2, 0.3].map((q) => ({ lines: [{ number: 2, quantity: q }] }));
    expect(remainingQuantities(order, asns).get(2)).toBe(3.9);
    expect(roundQuantity(0.1 + 0.2)).toBe(0.3);
  });

  it('goes below zero when earlier ASNs over-shipped, and ignores lines that are not on the order', () => {
    const left = remainingQuantities(order, [{ lines: [{ number: 3, quantity: 5 }, { number: 9, quantity: 1 }] }]);
    expect(left.get(3)).toBe(-3);
    expect(left.has(9)).toBe(false);
  });
});

describe('prefillAsnLines', () => {
  it('keeps what is left of each line with its UOM', () => {
    expect(prefillAsnLines(order, [{ lines: [{ number: 1, quantity: 4 }] }])).toEqual([
      { number: 1, quantity: 6, uom: 'EA' },
      { number: 2, quantity: 4.5, uom: 'KG' },
      { number: 3, quantity: 2, uom: 'BX' },
    ]);
  });

  it('drops lines with nothing left, or less than nothing', () => {
    const asns = [{ lines: [{ number: 1, quantity: 10 }, { number: 3, quantity: 3 }] }];
    expect(prefillAsnLines(order, asns)).toEqual([{ number: 2, quantity: 4.5, uom: 'KG' }]);
  });

  it('is empty for a fully shipped order', () => {
    const asns = [{ lines: order.map((l) => ({ number: l.number, quantity: l.quantity })) }];
    expect(prefillAsnLines(order, asns)).toEqual([]);
  });
});
