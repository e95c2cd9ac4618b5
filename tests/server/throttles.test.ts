import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECOVERY_GUESS_TOTAL_KEY,
  RECOVERY_GUESSES_PER_ADDRESS,
  RECOVERY_GUESSES_TOTAL,
  RECOVERY_REQUESTS_PER_ADDRESS,
} from '../../server/auth/recovery';
import { changesFeedLimit } from '../../server/http/per-user-limit';
import { PASSWORD_CHANGE_GUESSES } from '../../server/routes/session';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { fieldErrors, messages } from '../../src/domain/messages';
import { FAST_AUTH } from './helpers/captcha';
import { latestRecoveryCode, mailsTo } from './helpers/mailbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 33, item 4: throttles that stop guessers and leave users alone. */
const KNOWN = 'buyer@uni.demo.test';
const OTHER = 'supplier@acme.demo.test';
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-58';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
});
afterAll(async () => {
  await t.close();
});

const requestCode = (username: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/actions/sendRecoveryCode', payload: { username }, remoteAddress });
const reset = (username: string, verificationCode: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/actions/resetPassword', payload: { username, verificationCode, newPassword: NEW_PASSWORD }, remoteAddress });
const tooMany = { errors: [fieldErrors.tooManyAttempts] };

describe('password recovery', () => {
  it('answers known and unknown usernames alike, before anything is looked up or mailed', async () => {
    const known = await requestCode(KNOWN, '10.50.0.1');
    // The answer has left and no mail is written yet: the mail is work done after the answer.
    // Looked at before anything else is awaited, which would give that work time to finish.
    expect(mailsTo(t.config.dataDir, KNOWN)).toHaveLength(0);
    const unknown = await requestCode('nobody@example.org', '10.50.0.1');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({});
    await t.app.afterAnswer.settled();
    expect(mailsTo(t.config.dataDir, KNOWN)).toHaveLength(1);
    expect(latestRecoveryCode(t.config.dataDir, KNOWN)).toMatch(/^\d{8}$/);
  });

  it(`takes ${RECOVERY_REQUESTS_PER_ADDRESS} code requests from one address in 15 minutes, whichever usernames`, async () => {
    for (let i = 0; i < RECOVERY_REQUESTS_PER_ADDRESS; i++) expect((await requestCode(`u${i}@example.org`, '10.51.0.1')).statusCode).toBe(200);
    const refused = await requestCode(KNOWN, '10.51.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect((await requestCode(KNOWN, '10.51.0.2')).statusCode).toBe(200);
    await t.app.afterAnswer.settled();
  });

  it(`stops an address after ${RECOVERY_GUESSES_PER_ADDRESS} wrong codes across accounts; the owner elsewhere still resets`, async () => {
    await requestCode(OTHER, '10.52.0.9');
    await t.app.afterAnswer.settled();
    const code = latestRecoveryCode(t.config.dataDir, OTHER);
    for (let i = 0; i < RECOVERY_GUESSES_PER_ADDRESS; i++) {
      const account = i < 2 ? OTHER : `guess${i}@example.org`;
      expect((await reset(account, '00000000', '10.52.0.1')).statusCode).toBe(400);
    }
    // Even the right code is refused from the guessing address now...
    const refused = await reset(OTHER, code === '99999999' ? '99999998' : '99999999', '10.52.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    // ...while the owner, from their own address, resets with it (two wrong tries do not void a code).
    expect((await reset(OTHER, code, '10.52.0.9')).statusCode).toBe(200);
  });

  it(`stops every guess once the portal has taken ${RECOVERY_GUESSES_TOTAL} wrong codes in 15 minutes`, async () => {
    await t.db
      .insertInto('login_failures')
      .values({ key: RECOVERY_GUESS_TOTAL_KEY, failures: RECOVERY_GUESSES_TOTAL, window_start: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: RECOVERY_GUESSES_TOTAL, window_start: new Date().toISOString() }))
      .execute();
    expect((await reset(KNOWN, '12345678', '10.53.0.1')).statusCode).toBe(429);
    await t.db.deleteFrom('login_failures').where('key', '=', RECOVERY_GUESS_TOTAL_KEY).execute();
    expect((await reset(KNOWN, '12345678', '10.53.0.1')).statusCode).toBe(400);
  });
});

describe('changing the password', () => {
  it(`takes ${PASSWORD_CHANGE_GUESSES} wrong old passwords in 15 minutes, then refuses even the right one`, async () => {
    const user = 'buyer@northgate.demo.test';
    const { orgKey } = await t.db
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.org_no', 'users.org_no')
      .select('orgs.unique_key as orgKey')
      .where('username', '=', user)
      .executeTakeFirstOrThrow();
    let n = 0;
    const change = (oldPassword: string) =>
      t.as(user, {
        method: 'PUT',
        url: `/api/org/${orgKey}/user/actions/changePassword`,
        headers: { 'idempotency-key': `change-${++n}` },
        payload: { oldPassword, newPassword: NEW_PASSWORD },
      });
    for (let i = 0; i < PASSWORD_CHANGE_GUESSES; i++) {
      const wrong = await change(`wrong-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errors: [fieldErrors.oldPasswordWrong] });
    }
    const refused = await change(DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
  });
});

describe('the changes feed', () => {
  it('makes at most two pages of one user at once with four waiting, refuses more with 429, and serves another user meanwhile', async () => {
    const feed = '/api/sync/buyer/UNIWESTMERE1/changes?since=0&limit=10';
    const { user_no: userNo } = await t.db.selectFrom('users').select('user_no').where('username', '=', KNOWN).executeTakeFirstOrThrow();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The user's parallel loops: two running, four waiting behind them.
    const loops = Array.from({ length: changesFeedLimit.running + changesFeedLimit.waiting }, () => changesFeedLimit.run(userNo, () => held));
    const refused = await t.as(KNOWN, { method: 'GET', url: feed });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [messages.tooManyRequestsAtOnce] });
    // Another user of the same organisation is answered while the first one's loops still hold their places.
    expect((await t.as('p.raman@uni.demo.test', { method: 'GET', url: feed })).statusCode).toBe(200);
    release();
    await Promise.all(loops);
    expect((await t.as(KNOWN, { method: 'GET', url: feed })).statusCode).toBe(200);
  });
});
