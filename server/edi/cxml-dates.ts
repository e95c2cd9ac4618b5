/**
 * cXML dates (`%datetime.tz;`) must carry a numeric UTC offset (`2026-11-02T00:00:00+11:00`):
 * a trading partner reads a bare date, or an offset-less time, in its own zone.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** One formatter per zone: building one costs about a millisecond, more than an order's other date work. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset at an instant, as `+hh:mm`. */
function offsetAt(instant: Date, timeZone: string): string {
  // Every answer's timestamp is in UTC: no formatter needed for it.
  if (timeZone === 'UTC') return '+00:00';
  const name = formatterFor(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  // 'GMT+11:00', or plain 'GMT' for a zero offset.
  return /GMT([+-]\d{2}:\d{2})/.exec(name ?? '')?.[1] ?? '+00:00';
}

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The wall-clock time of an instant in a zone, with that zone's offset. */
function zoned(instant: Date, timeZone: string): string {
  const offset = offsetAt(instant, timeZone);
  const local = new Date(instant.getTime() + offsetMinutes(offset) * 60_000);
  return `${local.toISOString().slice(0, 19)}${offset}`;
}

/**
 * A portal date or timestamp as a cXML date-time in `timeZone` (IANA name). A calendar
 * date (the ASN's notice, shipment and delivery dates) becomes the start of that day there.
 */
export function cxmlDateTime(value: string | Date, timeZone = 'UTC'): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const midnightUtc = Date.parse(`${value}T00:00:00Z`);
    // The offset at UTC midnight is a first guess; the offset at local midnight settles a DST change that day.
    const guess = offsetMinutes(offsetAt(new Date(midnightUtc), timeZone));
    const offset = offsetAt(new Date(midnightUtc - guess * 60_000), timeZone);
    return `${value}T00:00:00${offset}`;
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new Error(`Not a date: ${String(value)}`);
  return zoned(instant, timeZone);
}
