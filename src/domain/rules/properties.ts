import { PROPERTY_NAMES } from '../constants';
import { fieldErrors } from '../messages';
import type { UomMapping } from '../schemas/properties';
import { isValidEmailList } from './email';

const blank = (v: string | null | undefined) => !(v ?? '').trim();

/** Basic property save: name and value. ASN recipients also need an email list. */
export function validateProperty(input: { property: string; value: string }): string[] {
  const errors: string[] = [];
  if (blank(input.property)) errors.push(fieldErrors.required('Name'));
  if (blank(input.value)) errors.push(fieldErrors.required('Value'));
  else if (input.property.trim() === PROPERTY_NAMES.asnContactEmailList) errors.push(...validateAsnRecipients(input.value));
  return errors;
}

/** ASN_CONTACT_EMAIL_LIST: non-empty and a comma-separated list of addresses. */
export function validateAsnRecipients(value: string): string[] {
  if (blank(value)) return [fieldErrors.required('ASN Recipients')];
  return isValidEmailList(value) ? [] : [fieldErrors.invalidEmailList('ASN Recipients')];
}

export function validateReceivingEmail(input: { code: string; emailAddress: string }): string[] {
  const errors: string[] = [];
  if (blank(input.code)) errors.push(fieldErrors.required('Code'));
  if (blank(input.emailAddress)) errors.push(fieldErrors.required('Email Address'));
  return errors;
}

export function validateSenderSource(input: { identifier: string }): string[] {
  return blank(input.identifier) ? [fieldErrors.required('Identifier')] : [];
}

/** EDI order format: an integer with no decimals (the form sends what was typed). */
export function validateEdiOrderFormat(orderFormat: number | string | null | undefined): string[] {
  if (orderFormat === undefined || orderFormat === null || orderFormat === '') return [];
  const ok = typeof orderFormat === 'number' ? Number.isInteger(orderFormat) : /^-?\d+$/.test(orderFormat.trim());
  return ok ? [] : [fieldErrors.notInteger('Order Format')];
}

/** The order format to store: the spec's default 0 when left empty. */
export function ediOrderFormatValue(orderFormat: number | string | null | undefined): number {
  if (orderFormat === undefined || orderFormat === null || orderFormat === '') return 0;
  return typeof orderFormat === 'number' ? orderFormat : Number.parseInt(orderFormat.trim(), 10);
}

/** Save Mapping: at least one unit mapped to a non-empty code. */
export function validateUomMapping(mapping: UomMapping): string[] {
  return Object.values(mapping).some((code) => !blank(code)) ? [] : [fieldErrors.uomMappingEmpty];
}

/** The mapping as stored: trimmed, empty codes dropped. */
export function normaliseUomMapping(mapping: UomMapping): UomMapping {
  const out: UomMapping = {};
  for (const [unit, code] of Object.entries(mapping)) if (!blank(code)) out[unit] = code.trim();
  return out;
}

export function validateTaxCodes(input: { taxableCode: string; nonTaxableCode: string }): string[] {
  const errors: string[] = [];
  if (blank(input.taxableCode)) errors.push(fieldErrors.required('Taxable Code'));
  if (blank(input.nonTaxableCode)) errors.push(fieldErrors.required('Non Taxable Code'));
  return errors;
}

/** Catalogue, PO & ASN, and Invoice account codes of the Account No tab. */
export function validateAccountCode(code: string): string[] {
  return blank(code) ? [fieldErrors.required('Account Code')] : [];
}

/** Other-account property: an account, a property and a value. */
export function validateOtherOrgProperty(input: { otherOrgUniqueKey: string; property: string; value: string }): string[] {
  const errors: string[] = [];
  if (blank(input.otherOrgUniqueKey)) errors.push(fieldErrors.required('Account'));
  if (blank(input.property)) errors.push(fieldErrors.required('Property'));
  if (blank(input.value)) errors.push(fieldErrors.required('Value'));
  return errors;
}

/**
 * Names held by more than one property record: the spec shows 'Cannot display value
 * because there is a conflict, please contact support' instead of either value.
 */
export function conflictingPropertyNames(rows: ReadonlyArray<{ property?: unknown }>): Set<string> {
  const seen = new Set<string>();
  const conflicts = new Set<string>();
  for (const row of rows) {
    const name = String(row.property ?? '');
    if (seen.has(name)) conflicts.add(name);
    seen.add(name);
  }
  return conflicts;
}

/**
 * An other-account property as mirrored: one row per account and name, `records`
 * counting the server's records of that pair (absent on a row only this browser has
 * written: one). Several are the spec's conflict, whose value is not shown.
 */
export function otherPropertyInConflict(row: Readonly<Record<string, unknown>>): boolean {
  return Number(row.records ?? 1) > 1;
}

/**
 * What an EDI save sends for the write-only password: a blank field keeps the stored
 * one (the field is left out), "Clear password" sends null, anything typed replaces it.
 */
export function ediPasswordField(typed: string, clear: boolean): { password?: string | null } {
  if (clear) return { password: null };
  return typed === '' ? {} : { password: typed };
}

/** Which connection fields an EDI type uses: the form shows only these. */
export function ediFieldsFor(type: string): Array<'ftpServer' | 'ftpDir' | 'user' | 'password' | 'endpoint'> {
  switch (type) {
    case 'S3':
      return ['ftpServer', 'ftpDir', 'user', 'password'];
    case 'EMAIL':
      return ['endpoint'];
    case 'cXML':
      return ['endpoint', 'user', 'password'];
    default:
      // LOCAL writes under the server's own exports folder: nothing to configure.
      return [];
  }
}
