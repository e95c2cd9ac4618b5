import { describe, expect, it } from 'vitest';
import { receivingMessages as m } from '../../src/domain/receiving-messages';
import { normalisedReceipt, quantitiesToMatch, reasonsFor, validateAsnReceipt } from '../../src/domain/rules/asn-receipts';
import { OVER_DELIVERY_FACTOR } from '../../src/domain/schemas/asn-receipts';

const shipped = [
  { number: 1, quantity: 12 },
  { number: 2, quantity: 0.3 },
];

describe('validateAsnReceipt', () => {
  it('accepts every line received in full, or less with a reason, and zero', () => {
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 12, reason: null }, { number: 2, quantity: 0.1 + 0.2, reason: null }] }, shipped)).toEqual([]);
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 0, reason: 'SHORT' }, { number: 2, quantity: 0.1, reason: 'DAMAGED' }] }, shipped)).toEqual([]);
  });

  it('names a negative quantity, more than shipped without a reason, a short line without a reason, a repeated, a foreign and a missing line', () => {
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: -1, reason: 'SHORT' }, { number: 1, quantity: 13, reason: null }, { number: 9, quantity: 1, reason: null }] }, shipped)).toEqual([
      m.negative(1),
      m.repeatedLine(1),
      m.overReasonNeeded(1),
      m.notOnAsn(9),
      m.lineMissing(2),
    ]);
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 11, reason: null }, { number: 2, quantity: 0.3, reason: null }] }, shipped)).toEqual([m.reasonNeeded(1)]);
  });

  it('accepts more than shipped as Over, up to ten times what was shipped, and asks for the reason that fits the direction', () => {
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 14, reason: 'OVER' }, { number: 2, quantity: 3, reason: 'OVER' }] }, shipped)).toEqual([]);
    // One over the bound (ten times 0.3 is 3) is taken for a typing slip.
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 120.01, reason: 'OVER' }, { number: 2, quantity: 3.01, reason: 'OVER' }] }, shipped)).toEqual([
      m.aboveLimit(1, 120.01, 12, OVER_DELIVERY_FACTOR),
      m.aboveLimit(2, 3.01, 0.3, OVER_DELIVERY_FACTOR),
    ]);
    expect(m.aboveLimit(1, 1200, 12, OVER_DELIVERY_FACTOR)).toBe('Line 1: 1200 received is more than 10 times the 12 this ASN ships (at most 120): check the quantity');
    // Short is no reason for more, Over none for less.
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 13, reason: 'SHORT' }, { number: 2, quantity: 0.2, reason: 'OVER' }] }, shipped)).toEqual([
      m.overReasonNeeded(1),
      m.reasonNeeded(2),
    ]);
    expect(reasonsFor(14, 12)).toEqual(['OVER']);
    expect(reasonsFor(10, 12)).toEqual(['SHORT', 'DAMAGED']);
    expect(reasonsFor(0.1 + 0.2, 0.3)).toEqual([]);
  });

  it('drops the reason of a full line', () => {
    expect(normalisedReceipt({ lines: [{ number: 1, quantity: 12, reason: 'DAMAGED' }, { number: 2, quantity: 0.2, reason: 'SHORT' }] }, shipped).lines).toEqual([
      { number: 1, quantity: 12, reason: null },
      { number: 2, quantity: 0.2, reason: 'SHORT' },
    ]);
    expect(normalisedReceipt({ lines: [{ number: 1, quantity: 14, reason: 'OVER' }] }, shipped).lines).toEqual([{ number: 1, quantity: 14, reason: 'OVER' }]);
  });
});

describe('quantitiesToMatch', () => {
  it('takes what was received where a line was received, what was shipped otherwise, summed per order line over ASNs', () => {
    const first = { lines: [{ number: 1, quantity: 6 }, { number: 2, quantity: 2 }], receipts: [{ number: 1, quantity: 5 }] };
    const second = { lines: [{ number: 1, quantity: 4 }] };
    expect(quantitiesToMatch([first, second])).toEqual({ quantities: new Map([[1, 9], [2, 2]]), received: new Set([1]) });
    expect(quantitiesToMatch([{ ...first, receipts: [{ number: 2, quantity: 0 }] }])).toEqual({ quantities: new Map([[1, 6], [2, 0]]), received: new Set([2]) });
    // An over-delivery counts as received.
    expect(quantitiesToMatch([{ lines: [{ number: 1, quantity: 6 }], receipts: [{ number: 1, quantity: 8 }] }]).quantities).toEqual(new Map([[1, 8]]));
    expect(quantitiesToMatch([])).toEqual({ quantities: new Map(), received: new Set() });
  });

  it('reads a history line as the issue words it', () => {
    expect(m.receivedLine(12, 12, 'EA', '2026-12-03T09:00:00.000Z', 'Jane Doe', null)).toBe('Received 12 of 12 EA on 2026-12-03 by Jane Doe');
    expect(m.receivedLine(10, 12, 'EA', '2026-12-03T09:00:00.000Z', 'Jane Doe', 'DAMAGED')).toBe('Received 10 of 12 EA (damaged) on 2026-12-03 by Jane Doe');
    expect(m.receivedLine(14, 12, 'EA', '2026-12-03T09:00:00.000Z', 'Jane Doe', 'OVER')).toBe('Received 14 of 12 EA (over) on 2026-12-03 by Jane Doe');
  });
});
