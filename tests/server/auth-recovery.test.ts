import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { RECOVERY_CODE_MAX_ATTEMPTS, RECOVERY_CODES_PER_WINDOW } from '../../server/auth/recovery';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { captchaFor, FAST_AUTH, loginForm } from './helpers/captcha';
import { latestRecoveryCode, mailsTo } from './helpers/mailbox';
import { createTestApp, type TestApp } from './helpers/test-app';

const USER = 'buyer@uni.demo.test';
const NEW_PASSWORD = 'Quartz-Lantern-Meadow-42';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
});
afterEach(async () => {
  await t.close();
});

/** Asks for a code and waits for the mail, which is written after the answer. */
const sendCode = async (username: string, remoteAddress?: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/actions/sendRecoveryCode', payload: { username }, remoteAddress });
  await t.app.afterAnswer.settled();
  return res;
};
const reset = (payload: { username: string; verificationCode: string; newPassword: string }) =>
  t.app.inject({ method: 'POST', url: '/api/login/actions/resetPassword', payload });

async function signIn(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/servlet',
    ...loginForm({ M: '1', username, password, captcha: await captchaFor(t.app) }),
  });
}

describe('POST /login/actions/sendRecoveryCode', () => {
  test('an empty username is a 400 with errors', async () => {
    const res = await sendCode('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.required('Username')] });
  });

  test('an unknown user gets the same answer and no mail', async () => {
    const res = await sendCode('nobody@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(mailsTo(t.config.dataDir, 'nobody@example.org')).toHaveLength(0);
  });

  test('a known user gets an eight-digit code by mail, stored only hashed', async () => {
    const res = await sendCode('Buyer@Uni.demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const mails = mailsTo(t.config.dataDir, USER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your password recovery code');
    const code = latestRecoveryCode(t.config.dataDir, USER);
    expect(code).toMatch(/^\d{8}$/);
    const rows = await t.db.selectFrom('recovery_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    const minutes = (Date.parse(rows[0]!.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  test(`at most ${RECOVERY_CODES_PER_WINDOW} codes are mailed per user within 15 minutes`, async () => {
    for (let i = 0; i < RECOVERY_CODES_PER_WINDOW + 2; i++) expect((await sendCode(USER)).statusCode).toBe(200);
    expect(mailsTo(t.config.dataDir, USER)).toHaveLength(RECOVERY_CODES_PER_WINDOW);
    // The newest mailed code still works.
    const code = latestRecoveryCode(t.config.dataDir, USER);
    expect((await reset({ username: USER, verificationCode: code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /login/actions/resetPassword', () => {
  test('resets once with the mailed code, ends the sessions and lets the new password sign in', async () => {
    const cookie = await t.cookieFor(USER);
    await sendCode(USER);
    const code = latestRecoveryCode(t.config.dataDir, USER);

    const wrong = await reset({ username: USER, verificationCode: code === '000000' ? '111111' : '000000', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: [fieldErrors.recoveryCodeInvalid] });

    // A weak password is refused without using up the code.
    const weak = await reset({ username: USER, verificationCode: code, newPassword: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ errors: [fieldErrors.passwordTooWeak] });

    const ok = await reset({ username: USER, verificationCode: code, newPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie } })).statusCode).toBe(401);
    const history = await t.db.selectFrom('history').selectAll().where('type', '=', 'PASSWORD_RESET').execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ org_key: 'UNIWESTMERE1', user: 'Beatrice Buyer' });

    const again = await reset({ username: USER, verificationCode: code, newPassword: 'Another-Sturdy-Phrase-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: [fieldErrors.recoveryCodeInvalid] });

    expect((await signIn(USER, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(USER, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('an expired code is refused', async () => {
    await sendCode(USER);
    const code = latestRecoveryCode(t.config.dataDir, USER);
    await t.db.updateTable('recovery_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const res = await reset({ username: USER, verificationCode: code, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.recoveryCodeInvalid] });
  });

  test('a newer request voids the older code', async () => {
    await sendCode(USER);
    const older = latestRecoveryCode(t.config.dataDir, USER);
    await sendCode(USER);
    const newer = latestRecoveryCode(t.config.dataDir, USER);
    expect(mailsTo(t.config.dataDir, USER)).toHaveLength(2);
    const rows = await t.db.selectFrom('recovery_codes').select(['id', 'used']).orderBy('id').execute();
    expect(rows.map((r) => r.used)).toEqual([1, 0]);
    if (older !== newer) {
      expect((await reset({ username: USER, verificationCode: older, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    expect((await reset({ username: USER, verificationCode: newer, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  test(`after ${RECOVERY_CODE_MAX_ATTEMPTS} wrong guesses the code is void`, async () => {
    await sendCode(USER);
    const code = latestRecoveryCode(t.config.dataDir, USER);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RECOVERY_CODE_MAX_ATTEMPTS; i++) {
      expect((await reset({ username: USER, verificationCode: wrongCode, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    const res = await reset({ username: USER, verificationCode: code, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.recoveryCodeInvalid] });
  });

  test('a missing code or an unknown user is refused', async () => {
    const missing = await reset({ username: USER, verificationCode: ' ', newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: [fieldErrors.required('Verification code')] });
    const unknown = await reset({ username: 'nobody@example.org', verificationCode: '123456', newPassword: NEW_PASSWORD });
    expect(unknown.json()).toEqual({ errors: [fieldErrors.recoveryCodeInvalid] });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/login/actions/resetPassword', payload: { username: USER } });
    expect(malformed.statusCode).toBe(400);
  });
});
