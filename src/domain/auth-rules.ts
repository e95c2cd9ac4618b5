import { fieldErrors } from './messages';

/** Login needs a username, a password and a solved human check. */
export function validateLogin(input: { username: string; password: string; captcha: string }): string[] {
  const errors: string[] = [];
  if (!input.username.trim()) errors.push(fieldErrors.required('Username'));
  if (!input.password) errors.push(fieldErrors.required('Password'));
  if (!input.captcha) errors.push(fieldErrors.humanCheck);
  return errors;
}

export function canLogin(input: { username: string; password: string; captcha: string }): boolean {
  return validateLogin(input).length === 0;
}

/** Forgot Password is enabled once a username is entered. */
export function canRequestRecovery(username: string): boolean {
  return username.trim().length > 0;
}

/** Recovery step 1: Submit needs a username. */
export function validateRecoveryRequest(input: { username: string }): string[] {
  return input.username.trim() ? [] : [fieldErrors.required('Username')];
}

/** Recovery step 2: Reset needs a code (the password rules are checked separately). */
export function validateRecoveryCode(input: { verificationCode: string }): string[] {
  return input.verificationCode.trim() ? [] : [fieldErrors.required('Verification code')];
}
