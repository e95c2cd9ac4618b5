import { describe, expect, it } from 'vitest';
import { formatClockTime, newestFirst } from '../../src/domain/dates';

describe('newestFirst', () => {
  it('puts later dates and timestamps first, equal ones together', () => {
    const dates = ['2026-01-05', '2026-11-22T10:00:00.000Z', '2025-12-31T23:59:59.999Z', '2026-11-22T09:59:59.999Z', '2026-01-05'];
    expect([...dates].sort(newestFirst)).toEqual(['2026-11-22T10:00:00.000Z', '2026-11-22T09:59:59.999Z', '2026-01-05', '2026-01-05', '2025-12-31T23:59:59.999Z']);
    expect(newestFirst('2026-01-05', '2026-01-05')).toBe(0);
  });
});

describe('formatClockTime', () => {
  it("writes the device's local time of day as hh:mm, 24-hour", () => {
    expect(formatClockTime(new Date(2026, 10, 23, 9, 5).getTime())).toBe('09:05');
    expect(formatClockTime(new Date(2026, 10, 23, 23, 59, 59).getTime())).toBe('23:59');
    expect(formatClockTime(new Date(2026, 10, 23, 0, 0).getTime())).toBe('00:00');
  });
});
