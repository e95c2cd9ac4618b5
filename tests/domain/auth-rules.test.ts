import { describe, expect, it } from 'vitest';
import {
  canLogin,
  canRequestRecovery,
  validateLogin,
  validateRecoveryCode,
  validateRecoveryRequest,
} from '../../src/domain/auth-rules';
import { fieldErrors } from '../../src/domain/messages';

describe('login rules', () => {
  const filled = { username: 'buyer@uni.demo.test', password: 'secret', captcha: 'payload' };

  it('accepts a username, a password and a solved human check', () => {
    expect(validateLogin(filled)).toEqual([]);
    expect(canLogin(filled)).toBe(true);
  });

  it.each([
    ['username', { ...filled, username: '' }, fieldErrors.required('Username')],
    ['blank username', { ...filled, username: '   ' }, fieldErrors.required('Username')],
    ['password', { ...filled, password: '' }, fieldErrors.required('Password')],
    ['human check', { ...filled, captcha: '' }, fieldErrors.humanCheck],
  ])('refuses a missing %s', (_name, input, error) => {
    expect(validateLogin(input)).toEqual([error]);
    expect(canLogin(input)).toBe(false);
  });

  it('enables Forgot Password only once a username is entered', () => {
    expect(canRequestRecovery('')).toBe(false);
    expect(canRequestRecovery('  ')).toBe(false);
    expect(canRequestRecovery('a')).toBe(true);
  });
});

describe('recovery rules', () => {
  it('Submit needs a username', () => {
    expect(validateRecoveryRequest({ username: '' })).toEqual([fieldErrors.required('Username')]);
    expect(validateRecoveryRequest({ username: 'x@y.test' })).toEqual([]);
  });

  it('Reset needs a code', () => {
    expect(validateRecoveryCode({ verificationCode: ' ' })).toEqual([fieldErrors.required('Verification code')]);
    expect(validateRecoveryCode({ verificationCode: '123456' })).toEqual([]);
  });
});
