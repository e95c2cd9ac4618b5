import { describe, expect, it } from 'vitest';
import { receivingMessages as m } from '../../src/domain/receiving-messages';
import { normalisedReceipt, quantitiesToMatch, validateAsnReceipt } from '../../src/domain/rules/asn-receipts';

const shipped = [
  { number: 1, quantity: 12 },
  { number: 2, quantity: 0.3 },
];

describe('validateAsnReceipt', () => {
  it('accepts every line received in full, or less with a reason, and zero', () => {
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 12, reason: null }, { number: 2, quantity: 0.1 + 0.2, reason: null }] }, shipped)).toEqual([]);
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 0, reason: 'SHORT' }, { number: 2, quantity: 0.1, reason: 'DAMAGED' }] }, shipped)).toEqual([]);
  });

  it('names a negative quantity, more than shipped, a short line without a reason, a repeated, a foreign and a missing line', () => {
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: -1, reason: 'SHORT' }, { number: 1, quantity: 13, reason: null }, { number: 9, quantity: 1, reason: null }] }, shipped)).toEqual([
      m.negative(1),
      m.repeatedLine(1),
      m.aboveShipped(1, 13, 12),
      m.notOnAsn(9),
      m.lineMissing(2),
    ]);
    expect(validateAsnReceipt({ lines: [{ number: 1, quantity: 11, reason: null }, { number: 2, quantity: 0.3, reason: null }] }, shipped)).toEqual([m.reasonNeeded(1)]);
  });

  it('drops the reason of a full line', () => {
    expect(normalisedReceipt({ lines: [{ number: 1, quantity: 12, reason: 'DAMAGED' }, { number: 2, quantity: 0.2, reason: 'SHORT' }] }, shipped).lines).toEqual([
      { number: 1, quantity: 12, reason: null },
      { number: 2, quantity: 0.2, reason: 'SHORT' },
    ]);
  });
});

describe('quantitiesToMatch', () => {
  it('takes what was received where a line was received, what was shipped otherwise, summed per order line over ASNs', () => {
    const first = { lines: [{ number: 1, quantity: 6 }, { number: 2, quantity: 2 }], receipts: [{ number: 1, quantity: 5 }] };
    const second = { lines: [{ number: 1, quantity: 4 }] };
    expect(quantitiesToMatch([first, second])).toEqual({ quantities: new Map([[1, 9], [2, 2]]), received: new Set([1]) });
    expect(quantitiesToMatch([{ ...first, receipts: [{ number: 2, quantity: 0 }] }])).toEqual({ quantities: new Map([[1, 6], [2, 0]]), received: new Set([2]) });
    expect(quantitiesToMatch([])).toEqual({ quantities: new Map(), received: new Set() });
  });

  it('reads a history line as the issue words it', () => {
    expect(m.receivedLine(12, 12, 'EA', '2026-12-03T09:00:00.000Z', 'Jane Doe', null)).toBe('Received 12 of 12 EA on 2026-12-03 by Jane Doe');
    expect(m.receivedLine(10, 12, 'EA', '2026-12-03T09:00:00.000Z', 'Jane Doe', 'DAMAGED')).toBe('Received 10 of 12 EA (damaged) on 2026-12-03 by Jane Doe');
  });
});
