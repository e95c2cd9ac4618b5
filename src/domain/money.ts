/**
 * Money as the screens show it: two fixed decimals and a comma between thousands
 * (1,234.50). Not Intl.NumberFormat: building one loads ICU's number data, a long task
 * on a slow tablet's first list. Rounds as Intl does: half away from zero, on the
 * shortest decimal that names the number (1.005 is 1.01, not the 1.00 of toFixed).
 * An amount that rounds to zero shows no minus sign.
 */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const cents = centsOf(Math.abs(value));
  if (cents === null) return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  const digits = cents.toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 && cents > 0n ? '-' : ''}${whole}.${digits.slice(-2)}`;
}

/** A non-negative amount in whole cents, rounded half up; null past 1e21, where no amount of ours goes. */
function centsOf(amount: number): bigint | null {
  const text = String(amount);
  if (text.includes('e')) return amount < 1 ? 0n : null;
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  return (fraction[2] ?? '0') >= '5' ? kept + 1n : kept;
}

/** Rounds an amount to cents, for totals computed from lines. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
