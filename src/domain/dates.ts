/**
 * Dates as the spec shows them: either date-only, or the first 21 characters of the
 * date string (an ISO timestamp cut after the tenths of a second is never shown).
 */
export function formatDateOnly(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

export function formatDateTime(value: string | null | undefined): string {
  return value ? value.slice(0, 21) : '';
}

/** True for a calendar date or ISO timestamp that names a real day (2026-02-30 is not one). */
export function isValidIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/**
 * Orders ISO dates or timestamps newest first. They sort as plain text; localeCompare
 * would load ICU's collator, a long task on a slow tablet's first list.
 */
export const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/**
 * A moment as this device's local time of day, 24-hour "hh:mm". Not toLocaleTimeString:
 * its first call loads ICU's date data, a long task in the first seconds of a slow tablet.
 */
export function formatClockTime(epochMs: number): string {
  const at = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}
