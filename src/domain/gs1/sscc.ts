import { gs1CheckDigit, hasValidCheckDigit } from './check-digit';

/**
 * SSCC-18, the Serial Shipping Container Code of a carton or pallet (GS1 General
 * Specifications 2.2.1): extension digit, the GS1 company prefix, a serial reference
 * filling the 16 digits left, and the mod-10 check digit.
 */

/** A GS1 company prefix is 4 to 12 digits (GS1 GenSpecs 1.4.4); 7 to 11 are usual. */
const COMPANY_PREFIX = /^\d{4,12}$/;

export function isGs1CompanyPrefix(value: string): boolean {
  return COMPANY_PREFIX.test(value);
}

/** How many serials a prefix leaves room for: 16 digits less the prefix. */
export function ssccSerialCapacity(companyPrefix: string): number {
  return 10 ** (16 - companyPrefix.length);
}

export function buildSscc(extensionDigit: number, companyPrefix: string, serial: number): string {
  if (!Number.isInteger(extensionDigit) || extensionDigit < 0 || extensionDigit > 9) {
    throw new Error(`SSCC: extension digit ${extensionDigit} is not 0 to 9`);
  }
  if (!isGs1CompanyPrefix(companyPrefix)) throw new Error(`SSCC: "${companyPrefix}" is not a GS1 company prefix of 4 to 12 digits`);
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= ssccSerialCapacity(companyPrefix)) {
    throw new Error(`SSCC: serial ${serial} does not fit the ${16 - companyPrefix.length} digits company prefix ${companyPrefix} leaves`);
  }
  const data = `${extensionDigit}${companyPrefix}${String(serial).padStart(16 - companyPrefix.length, '0')}`;
  return `${data}${gs1CheckDigit(data)}`;
}

export function isValidSscc(value: string): boolean {
  return value.length === 18 && hasValidCheckDigit(value);
}

/** The human-readable form printed under a label's barcode: (00) then the 18 digits. */
export function formatSscc(sscc: string): string {
  return `(00) ${sscc}`;
}
