import {
  ACCOUNT_DEFAULT_INDUSTRY_NO,
  ACCOUNT_MEMBERSHIP_STATUS,
  ACCOUNT_TYPES,
} from '../constants';
import { fieldErrors } from '../messages';
import type { RenderFor } from '../roles';
import type { AccountInput } from '../schemas/accounts';
import { isValidEmail } from './email';

/** Save and Save & New: a name, and an email that is empty or valid. */
export function validateAccount(input: Pick<AccountInput, 'name' | 'email'>): string[] {
  const errors: string[] = [];
  if (!input.name.trim()) errors.push(fieldErrors.required('Name'));
  const email = (input.email ?? '').trim();
  if (email && !isValidEmail(email)) errors.push(fieldErrors.invalidEmail('Default Email Address'));
  return errors;
}

export function canSaveAccount(input: Pick<AccountInput, 'name' | 'email'>): boolean {
  return validateAccount(input).length === 0;
}

/** The form of a new account: Supplier, country 1 (Australia). */
export const NEW_ACCOUNT_DEFAULTS = { type: ACCOUNT_TYPES.SUPPLIER, countryNo: 1 } as const;

/** Fields every save sets whatever the form says. */
export const ACCOUNT_FIXED_FIELDS = {
  industryNo: ACCOUNT_DEFAULT_INDUSTRY_NO,
  membershipStatus: ACCOUNT_MEMBERSHIP_STATUS,
} as const;

/** Assume role: SUPPLIER for account type 1, otherwise UNIVERSITY, with the account's id and name. */
export function renderForAccount(account: { uniqueKey: string; name: string; type: number }): RenderFor {
  return {
    orgType: account.type === ACCOUNT_TYPES.SUPPLIER ? 'SUPPLIER' : 'UNIVERSITY',
    orgId: account.uniqueKey,
    companyName: account.name,
  };
}

/** The accounts filter as the local mirror applies it: the name contains the text, case ignored. */
export function accountNameMatches(name: string, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  return !text || name.toLowerCase().includes(text);
}

/** The UOM Mapping tab exists only for Supplier accounts. */
export const hasUomMapping = (account: { type?: unknown } | null | undefined): boolean => account?.type === ACCOUNT_TYPES.SUPPLIER;
