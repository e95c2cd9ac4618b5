import type * as passwordPolicy from '../../domain/password-policy';

export type PasswordPolicy = typeof passwordPolicy;

let loading: Promise<PasswordPolicy> | null = null;

/**
 * The password rules carry zxcvbn's dictionaries (hundreds of kilobytes), so they
 * load on first need instead of weighing on the login page.
 */
export function loadPasswordPolicy(): Promise<PasswordPolicy> {
  loading ??= import('../../domain/password-policy').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
