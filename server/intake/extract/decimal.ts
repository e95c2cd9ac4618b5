/**
 * Amounts as documents write them ("1234.5", "-0.275", "1.000,50"), added and rounded
 * without binary float drift: a decimal is a BigInt count of 10^-SCALE units, and it
 * becomes a JavaScript number only at the end, through its decimal string.
 */
const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

export type Decimal = bigint;

export const ZERO: Decimal = 0n;

const PLAIN = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** A plain decimal string ("12", "-3.96", ".00", "1E2" refused), or null when it is not one. */
export function parseDecimal(text: string | null | undefined): Decimal | null {
  const t = (text ?? '').trim();
  const m = PLAIN.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const whole = m[2] || '0';
  const fraction = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const value = BigInt(whole) * ONE + BigInt(fraction);
  return m[1] === '-' ? -value : value;
}

/**
 * A number as a layout prints it, with its own decimal and thousands separators
 * ("1,234.50", "1.234,50", "1 234,50", "-12.00", "(12.00)" for a negative amount).
 */
export function parseFormattedDecimal(text: string, decimalSeparator: '.' | ',' = '.'): Decimal | null {
  let t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.endsWith('-')) {
    negative = !negative;
    t = t.slice(0, -1);
  }
  t = decimalSeparator === ',' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  const value = parseDecimal(t);
  if (value === null) return null;
  return negative ? -value : value;
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return divideRounded(a * b, ONE);
}

/** a / b, rounded half away from zero at SCALE decimals; null when b is zero. */
export function divide(a: Decimal, b: Decimal): Decimal | null {
  if (b === 0n) return null;
  return divideRounded(a * ONE, b);
}

function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return negative ? -q : q;
}

/** Rounded half away from zero to `places` decimals. */
export function round(value: Decimal, places: number): Decimal {
  const unit = 10n ** BigInt(SCALE - places);
  return divideRounded(value, unit) * unit;
}

/** The exact number the decimal names (quantities, unit prices: as many decimals as the document gives). */
export function toNumber(value: Decimal): number {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  const n = Number(`${whole}${fraction ? `.${fraction}` : ''}`);
  return negative && n !== 0 ? -n : n;
}

/** Money as the portal keeps it: rounded to cents. */
export function toMoney(value: Decimal): number {
  return toNumber(round(value, 2));
}

/** `percent` per cent of `value` (a line's tax from its net and rate), at full scale. */
export function percentOf(value: Decimal, percent: Decimal): Decimal {
  return divideRounded(value * percent, ONE * 100n);
}
