import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { orgSummarySchema, policySchema, profileSchema } from '../../src/domain/schemas/session';
import { loadConfig } from '../../server/config';
import { verifyPassword } from '../../server/auth/password';
import { hashToken, SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../../server/auth/session';
import { createSession } from '../../server/auth/sessions';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { captchaFor, FAST_AUTH, loginForm } from './helpers/captcha';
import { createTestApp, type TestApp } from './helpers/test-app';

const NEW_PASSWORD = 'Quartz-Lantern-Meadow-42';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
});
afterEach(async () => {
  await t.close();
});

async function passwordHashOf(username: string) {
  const row = await t.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
  return row.password_hash;
}

async function historyOf(username: string, type: string) {
  const user = await t.db.selectFrom('users').select('user_no').where('username', '=', username).executeTakeFirstOrThrow();
  return t.db
    .selectFrom('history')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_key', '=', String(user.user_no))
    .where('type', '=', type)
    .execute();
}

async function signIn(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/servlet',
    ...loginForm({ M: '1', username, password, captcha: await captchaFor(t.app) }),
  });
}

describe('GET /policy', () => {
  test('answers who the user is and the terms state', async () => {
    const cases = [
      ['supplier@acme.demo.test', { orgType: 'SUPPLIER', orgId: 'SUPACMESCI01', userType: 'ADMIN', state: 'ACTIVE' }],
      ['buyer@uni.demo.test', { orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', userType: 'ADMIN', state: 'ACTIVE' }],
      ['support@demo.test', { orgType: 'SUPPORT', orgId: 'SUPPORT00001', userType: 'SUPPORT', state: 'ACTIVE' }],
      ['newbuyer@uni.demo.test', { orgType: 'UNIVERSITY', orgId: 'UNIWESTMERE1', userType: 'REGULAR', state: 'TERMS_OF_USE' }],
    ] as const;
    for (const [username, policy] of cases) {
      const res = await t.as(username, { method: 'GET', url: '/api/policy' });
      expect(res.statusCode).toBe(200);
      expect(policySchema.parse(res.json())).toEqual(policy);
    }
  });

  test('401 without a session', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/policy' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('GET /profile', () => {
  test('answers the user, the policy and the organisation name, also while the terms wait', async () => {
    const res = await t.as('newbuyer@uni.demo.test', { method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    const profile = profileSchema.parse(res.json());
    expect(profile).toMatchObject({
      user: { firstName: 'Nora', lastName: 'Newman', email: 'newbuyer@uni.demo.test', username: 'newbuyer@uni.demo.test' },
      policy: { state: 'TERMS_OF_USE', orgId: 'UNIWESTMERE1' },
      orgName: 'University of Westmere',
    });
  });
});

describe('terms of use', () => {
  test('the text to accept is answered to a user whose terms wait, as the operator set it (the portal\'s own by default)', async () => {
    const res = await t.as('newbuyer@uni.demo.test', { method: 'GET', url: '/api/policy/terms-of-use' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.body;
    expect(text).toMatch(/^These Terms of Use apply to everyone who signs in/);
    expect(text.split(/\n\s*\n/).length).toBeGreaterThan(3);
    expect((await t.as(null, { method: 'GET', url: '/api/policy/terms-of-use' })).statusCode).toBe(401);

    const dir = mkdtempSync(join(tmpdir(), 'portal-terms-'));
    const file = join(dir, 'terms.txt');
    writeFileSync(file, '  Our own terms.\n\nSecond paragraph.\n');
    const env = { PORTAL_DATA_DIR: dir, PORTAL_SECRET: 's' };
    expect(loadConfig({ ...env, PORTAL_TERMS_FILE: file }).termsOfUse).toBe('Our own terms.\n\nSecond paragraph.');
    expect(() => loadConfig({ ...env, PORTAL_TERMS_FILE: join(dir, 'missing.txt') })).toThrow(/PORTAL_TERMS_FILE/);
    writeFileSync(file, ' \n');
    expect(() => loadConfig({ ...env, PORTAL_TERMS_FILE: file })).toThrow(/is empty/);
  });

  test('a user with pending terms is refused elsewhere until accepting, then let in', async () => {
    const user = 'newbuyer@uni.demo.test';
    expect((await t.as(user, { method: 'GET', url: '/api/org/UNIWESTMERE1' })).statusCode).toBe(403);

    const policy = (await t.as(user, { method: 'GET', url: '/api/policy' })).json();
    const accept = { method: 'PUT' as const, url: '/api/policy/actions/acceptTermsOfUse', payload: policy, headers: { 'idempotency-key': 'accept-terms-0001' } };
    const first = await t.as(user, accept);
    expect(first.statusCode).toBe(200);
    expect(policySchema.parse(first.json())).toEqual({ ...policy, state: 'ACTIVE' });

    const replay = await t.as(user, accept);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await historyOf(user, 'TERMS_ACCEPTED')).toHaveLength(1);

    expect((await t.as(user, { method: 'GET', url: '/api/policy' })).json().state).toBe('ACTIVE');
    expect((await t.as(user, { method: 'GET', url: '/api/org/UNIWESTMERE1' })).statusCode).toBe(200);
  });

  test('accepting again when already active changes nothing', async () => {
    const res = await t.as('buyer@uni.demo.test', { method: 'PUT', url: '/api/policy/actions/acceptTermsOfUse', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('ACTIVE');
    expect(await historyOf('buyer@uni.demo.test', 'TERMS_ACCEPTED')).toHaveLength(0);
  });

  test('a malformed policy body is a 400 and no session is a 401', async () => {
    const bad = await t.as('newbuyer@uni.demo.test', { method: 'PUT', url: '/api/policy/actions/acceptTermsOfUse', payload: { state: 'MAYBE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.length).toBeGreaterThan(0);
    expect((await t.as(null, { method: 'PUT', url: '/api/policy/actions/acceptTermsOfUse', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /org/{id}', () => {
  test('own organisation, support on any; another organisation of either type is 403', async () => {
    const own = await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/org/UNIWESTMERE1' });
    expect(own.statusCode).toBe(200);
    expect(orgSummarySchema.parse(own.json())).toEqual({ name: 'University of Westmere', uniqueKey: 'UNIWESTMERE1' });

    expect((await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/org/UNINORTHGATE' })).statusCode).toBe(403);
    expect((await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/org/SUPACMESCI01' })).statusCode).toBe(403);
    expect((await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/org/SUPBIOLAB001' })).statusCode).toBe(403);

    const support = await t.as('support@demo.test', { method: 'GET', url: '/api/org/SUPACMESCI01' });
    expect(support.json()).toEqual({ name: 'Acme Scientific', uniqueKey: 'SUPACMESCI01' });
    expect((await t.as('support@demo.test', { method: 'GET', url: '/api/org/NOSUCHORG000' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: '/api/org/UNIWESTMERE1' })).statusCode).toBe(401);
  });
});

describe('PUT /org/{orgid}/user/actions/changePassword', () => {
  const url = '/api/org/SUPACMESCI01/user/actions/changePassword';
  const user = 'supplier@acme.demo.test';

  test('a wrong old password is refused and nothing changes', async () => {
    const before = await passwordHashOf(user);
    const res = await t.as(user, { method: 'PUT', url, payload: { oldPassword: 'not it', newPassword: NEW_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.oldPasswordWrong] });
    expect(await passwordHashOf(user)).toBe(before);
  });

  test('the password rules apply: empty and weak new passwords are refused', async () => {
    const empty = await t.as(user, { method: 'PUT', url, payload: { oldPassword: DEMO_PASSWORD, newPassword: '' } });
    expect(empty.json()).toEqual({ errors: [fieldErrors.required('New password')] });
    const weak = await t.as(user, { method: 'PUT', url, payload: { oldPassword: DEMO_PASSWORD, newPassword: 'password1' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ errors: [fieldErrors.passwordTooWeak] });
    const named = await t.as(user, { method: 'PUT', url, payload: { oldPassword: DEMO_PASSWORD, newPassword: 'supplier@acme.demo.test' } });
    expect(named.json()).toEqual({ errors: [fieldErrors.passwordTooWeak] });
    const missing = await t.as(user, { method: 'PUT', url, payload: { newPassword: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
  });

  test('changes the password once, ends the other sessions, keeps this one and writes history', async () => {
    const other = await signIn(user, DEMO_PASSWORD);
    const otherCookie = `portal_session=${other.cookies.find((c) => c.name === 'portal_session')!.value}`;
    const request = {
      method: 'PUT' as const,
      url,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
      headers: { 'idempotency-key': 'change-password-0001' },
    };
    const first = await t.as(user, request);
    expect(first.statusCode).toBe(200);
    const replay = await t.as(user, request);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await historyOf(user, 'PASSWORD_CHANGED')).toHaveLength(1);

    expect(await verifyPassword(await passwordHashOf(user), NEW_PASSWORD)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    expect((await t.as(user, { method: 'GET', url: '/api/policy' })).statusCode).toBe(200);
    expect((await signIn(user, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test("another organisation's path is refused; support changes only its own password", async () => {
    const other = await t.as(user, {
      method: 'PUT',
      url: '/api/org/UNIWESTMERE1/user/actions/changePassword',
      payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(other.statusCode).toBe(403);
    expect(await verifyPassword(await passwordHashOf(user), DEMO_PASSWORD)).toBe(true);

    const buyerHash = await passwordHashOf('buyer@uni.demo.test');
    const support = await t.as('support@demo.test', {
      method: 'PUT',
      url: '/api/org/UNIWESTMERE1/user/actions/changePassword',
      payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(support.statusCode).toBe(200);
    expect(await verifyPassword(await passwordHashOf('support@demo.test'), NEW_PASSWORD)).toBe(true);
    expect(await passwordHashOf('buyer@uni.demo.test')).toBe(buyerHash);

    const anonymous = await t.as(null, { method: 'PUT', url, payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  const HOUR = 60 * 60 * 1000;

  async function sessionAt(createdAgoMs: number): Promise<string> {
    const user = await t.db.selectFrom('users').select('user_no').where('username', '=', 'supplier@acme.demo.test').executeTakeFirstOrThrow();
    const { token } = await createSession(t.db, user.user_no, new Date(Date.now() - createdAgoMs));
    return token;
  }

  async function expiresAt(token: string): Promise<number> {
    const row = await t.db.selectFrom('sessions').select('expires_at').where('id', '=', hashToken(token)).executeTakeFirstOrThrow();
    return Date.parse(row.expires_at);
  }

  test('slides while the user works: a request 11 hours in moves the end 12 hours on and sets the cookie again', async () => {
    const token = await sessionAt(11 * HOUR);
    const res = await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBe(token);
    const end = await expiresAt(token);
    expect(end).toBeGreaterThan(Date.now() + 11.9 * HOUR);
    expect(cookie?.expires?.getTime()).toBe(Math.floor(end / 1000) * 1000);
  });

  test('a session used a moment ago is left alone, and none outlives a week from the sign-in', async () => {
    const fresh = await sessionAt(0);
    const before = await expiresAt(fresh);
    const res = await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: `${SESSION_COOKIE}=${fresh}` } });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await expiresAt(fresh)).toBe(before);

    const old = await sessionAt(SESSION_MAX_AGE_MS - 2 * HOUR);
    await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + HOUR).toISOString(), last_seen_at: new Date(Date.now() - HOUR).toISOString() }).where('id', '=', hashToken(old)).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: `${SESSION_COOKIE}=${old}` } })).statusCode).toBe(200);
    expect(await expiresAt(old)).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
  });

  test('an expired session is refused', async () => {
    const token = await sessionAt(13 * HOUR);
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: `${SESSION_COOKIE}=${token}` } })).statusCode).toBe(401);
  });
});
