import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import {
  passwordChangeIssues,
  passwordScore,
  strengthLabel,
  validateNewPassword,
  validatePasswordChange,
} from '../../src/domain/password-policy';

const strong = 'Demo-portal-2026!';

describe('strength bar', () => {
  it.each([
    [0, 'Weak'],
    [1, 'Weak'],
    [2, 'Fair'],
    [3, 'Good'],
    [4, 'Strong'],
  ])('score %i reads %s', (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });

  it('scores common passwords low and long mixed ones high', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('password')).toBeLessThanOrEqual(1);
    expect(passwordScore(strong)).toBeGreaterThan(2);
  });

  it('counts the user name against the password', () => {
    const name = 'wendywarehouse';
    expect(passwordScore(name, [name])).toBeLessThan(passwordScore(name));
  });
});

describe('password change and reset', () => {
  it('accepts old, new and an equal repeat of Good strength', () => {
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: strong, repeatPassword: strong }, { requireOld: true })).toEqual([]);
  });

  it('needs the old password only when changing', () => {
    const input = { newPassword: strong, repeatPassword: strong };
    expect(validatePasswordChange(input, { requireOld: true })).toEqual([fieldErrors.required('Old password')]);
    expect(validatePasswordChange(input, { requireOld: false })).toEqual([]);
  });

  it('needs new and repeat', () => {
    expect(validatePasswordChange({ newPassword: '', repeatPassword: '' }, { requireOld: false })).toEqual([
      fieldErrors.required('New password'),
      fieldErrors.required('Repeat password'),
    ]);
  });

  it('needs new to equal repeat, and names the field', () => {
    const issues = passwordChangeIssues({ newPassword: strong, repeatPassword: `${strong}x` }, { requireOld: false });
    expect(issues).toEqual([{ field: 'repeatPassword', message: fieldErrors.passwordsDiffer }]);
  });

  it('refuses a password below Good (score above 2)', () => {
    expect(validatePasswordChange({ newPassword: 'abc12345', repeatPassword: 'abc12345' }, { requireOld: false })).toEqual([
      fieldErrors.passwordTooWeak,
    ]);
  });

  it('checks the same rules on the server-side form without a repeat field', () => {
    expect(validateNewPassword('')).toEqual([fieldErrors.required('New password')]);
    expect(validateNewPassword('letmein')).toEqual([fieldErrors.passwordTooWeak]);
    expect(validateNewPassword(strong)).toEqual([]);
  });
});
