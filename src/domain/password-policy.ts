import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_SCORE } from './constants';
import { fieldErrors } from './messages';

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export function passwordScore(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  return estimator.check(password, userInputs).score;
}

/** The strength bar of the spec: Weak (0-1), Fair (2), Good (3), Strong (4). */
export function strengthLabel(score: number): StrengthLabel {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  if (score === 2) return 'Fair';
  return 'Weak';
}

export interface PasswordChangeInput {
  oldPassword?: string;
  newPassword: string;
  repeatPassword: string;
}

export type PasswordField = 'oldPassword' | 'newPassword' | 'repeatPassword';

export interface PasswordIssue {
  field: PasswordField;
  message: string;
}

/**
 * Password change and reset rules: old (change only), new and repeat non-empty, new
 * equal to repeat, strength at least Good (score above 2). Each issue names its
 * field so a form can show it where the user typed.
 */
export function passwordChangeIssues(
  input: PasswordChangeInput,
  opts: { requireOld: boolean; userInputs?: string[] },
): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  if (opts.requireOld && !input.oldPassword) {
    issues.push({ field: 'oldPassword', message: fieldErrors.required('Old password') });
  }
  if (!input.newPassword) issues.push({ field: 'newPassword', message: fieldErrors.required('New password') });
  if (!input.repeatPassword) {
    issues.push({ field: 'repeatPassword', message: fieldErrors.required('Repeat password') });
  }
  if (input.newPassword && input.repeatPassword && input.newPassword !== input.repeatPassword) {
    issues.push({ field: 'repeatPassword', message: fieldErrors.passwordsDiffer });
  }
  if (input.newPassword && passwordScore(input.newPassword, opts.userInputs) < MIN_PASSWORD_SCORE) {
    issues.push({ field: 'newPassword', message: fieldErrors.passwordTooWeak });
  }
  return issues;
}

export function validatePasswordChange(
  input: PasswordChangeInput,
  opts: { requireOld: boolean; userInputs?: string[] },
): string[] {
  return passwordChangeIssues(input, opts).map((issue) => issue.message);
}

/** Server-side form: there is no repeat field on the wire, only the new password. */
export function validateNewPassword(newPassword: string, userInputs: string[] = []): string[] {
  if (!newPassword) return [fieldErrors.required('New password')];
  if (passwordScore(newPassword, userInputs) < MIN_PASSWORD_SCORE) return [fieldErrors.passwordTooWeak];
  return [];
}
