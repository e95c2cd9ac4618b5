/**
 * One address: something@domain.tld, no spaces, one @. Deliberately plain: the
 * address is also the username, and mail servers have the final word.
 */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** A comma-separated list of addresses (spaces around the commas allowed), at least one. */
export function isValidEmailList(value: string): boolean {
  const parts = value.split(',').map((p) => p.trim());
  return parts.length > 0 && parts.every((p) => EMAIL.test(p));
}
