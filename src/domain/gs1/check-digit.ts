/**
 * The GS1 mod-10 check digit shared by GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14
 * and SSCC-18 (GS1 General Specifications 7.9.1): digits weighted 3, 1, 3... from the
 * right of the data, and the digit that brings the sum to a multiple of ten.
 */

const DIGITS = /^\d+$/;

export function gs1CheckDigit(data: string): number {
  if (!DIGITS.test(data)) throw new Error(`GS1 check digit: "${data}" is not all digits`);
  let sum = 0;
  for (let i = 0; i < data.length; i += 1) {
    const digit = data.charCodeAt(data.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of a whole key (GTIN, SSCC...) is its right check digit. */
export function hasValidCheckDigit(key: string): boolean {
  if (key.length < 2 || !DIGITS.test(key)) return false;
  return gs1CheckDigit(key.slice(0, -1)) === Number(key[key.length - 1]);
}

export type GtinKind = 'GTIN-8' | 'GTIN-12' | 'GTIN-13' | 'GTIN-14';
const GTIN_KINDS: Record<number, GtinKind> = { 8: 'GTIN-8', 12: 'GTIN-12', 13: 'GTIN-13', 14: 'GTIN-14' };

/** EAN-8, UPC-A, EAN-13 or GTIN-14 with its check digit right; null for anything else. */
export function gtinKind(code: string): GtinKind | null {
  const kind = GTIN_KINDS[code.length];
  return kind && hasValidCheckDigit(code) ? kind : null;
}

/**
 * A GTIN written as the 14 digits AI (01) carries: the same product read from an EAN-13
 * on the unit or from a GS1-128 on its carton compares equal once both are padded.
 */
export function toGtin14(code: string): string | null {
  return gtinKind(code) ? code.padStart(14, '0') : null;
}
