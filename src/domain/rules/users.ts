import { fieldErrors } from '../messages';
import { isValidEmail } from './email';

/** User save: first and last name, and a valid email (it is also the username). */
export function validateUser(input: { firstName: string; lastName: string; email: string }): string[] {
  const errors: string[] = [];
  if (!input.firstName.trim()) errors.push(fieldErrors.required('First Name'));
  if (!input.lastName.trim()) errors.push(fieldErrors.required('Last Name'));
  if (!isValidEmail(input.email)) errors.push(fieldErrors.invalidEmail('Email'));
  return errors;
}

/** The spec uses the email as the username; comparisons ignore case. */
export function usernameOf(email: string): string {
  return email.trim().toLowerCase();
}

export const canSaveUser = (input: { firstName: string; lastName: string; email: string }): boolean => validateUser(input).length === 0;
