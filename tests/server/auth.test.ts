import type { Challenge } from 'altcha-lib';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fieldErrors, messages } from '../../src/domain/messages';
import { loginAnswerSchema, policySchema } from '../../src/domain/schemas/session';
import { hashToken, SESSION_COOKIE } from '../../server/auth/session';
import { recentCount, signInDelayMs, signInKey } from '../../server/auth/throttle';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { captchaFor, FAST_AUTH, loginForm, solveCaptcha } from './helpers/captcha';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function signIn(username: string, password: string, opts: { captcha?: string; address?: string; cookie?: string } = {}) {
  const captcha = opts.captcha ?? (await captchaFor(t.app));
  const form = loginForm({ M: '1', username, password, captcha });
  return t.app.inject({
    method: 'POST',
    url: '/servlet',
    remoteAddress: opts.address ?? '10.0.0.1',
    payload: form.payload,
    headers: opts.cookie ? { ...form.headers, cookie: opts.cookie } : form.headers,
  });
}

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

describe('human check', () => {
  test('the challenge is signed PBKDF2/SHA-256, expires in about ten minutes and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<Challenge>();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (challenge.parameters.expiresAt! * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  test('the production cost is in force without test tuning', async () => {
    const plain = await createTestApp();
    const challenge = (await plain.app.inject({ method: 'GET', url: '/api/altcha/challenge' })).json<Challenge>();
    expect(challenge.parameters.cost).toBe(5000);
    await plain.close();
  });

  test('PORTAL_HUMAN_CHECK_COST sets the cost of each attempt; a value that is not a whole number from 1 stops the start', async () => {
    const env = { PORTAL_DATA_DIR: t.config.dataDir, PORTAL_SECRET: 's' };
    const tuned = await createTestApp({ auth: loadConfig({ ...env, PORTAL_HUMAN_CHECK_COST: '250' }).auth });
    const challenge = (await tuned.app.inject({ method: 'GET', url: '/api/altcha/challenge' })).json<Challenge>();
    expect(challenge.parameters.cost).toBe(250);
    await tuned.close();
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ ...env, PORTAL_HUMAN_CHECK_COST: bad }), bad).toThrow(`PORTAL_HUMAN_CHECK_COST: ${bad} is not a whole number from 1`);
    }
  });

  test('a missing human check is refused before the credentials are looked at', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/servlet',
      ...loginForm({ M: '1', username: 'supplier@acme.demo.test', password: DEMO_PASSWORD }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.humanCheck] });
  });

  test('empty username and password are refused with the login rule', async () => {
    const res = await signIn('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([fieldErrors.required('Username'), fieldErrors.required('Password')]);
  });

  test('a forged, tampered or test-mode payload is refused', async () => {
    const good = await captchaFor(t.app);
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as { challenge: Challenge; solution: { counter: number } };
    decoded.challenge.parameters.cost = 1;
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
    for (const captcha of ['not base64 json', tampered, testMode]) {
      const res = await signIn('supplier@acme.demo.test', DEMO_PASSWORD, { captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: [fieldErrors.humanCheck] });
    }
  });

  test('a solution works once: the replay is refused even after a successful sign-in', async () => {
    const captcha = await captchaFor(t.app);
    expect((await signIn('supplier@acme.demo.test', DEMO_PASSWORD, { captcha })).statusCode).toBe(200);
    const replay = await signIn('supplier@acme.demo.test', DEMO_PASSWORD, { captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ errors: [fieldErrors.humanCheckReused] });
  });

  test('an expired challenge is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' });
    const captcha = await solveCaptcha(res.json<Challenge>());
    const later = Date.now() + 11 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const answer = await signIn('supplier@acme.demo.test', DEMO_PASSWORD, { captcha });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ errors: [fieldErrors.humanCheck] });
  });
});

describe('sign-in (POST /servlet M=1)', () => {
  test('good credentials answer the org type and set an httpOnly SameSite session cookie', async () => {
    const res = await signIn('Supplier@Acme.demo.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(loginAnswerSchema.parse(res.json())).toEqual({ orgType: 'SUPPLIER' });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The table holds only the token's hash.
    const stored = await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(cookie.value)).executeTakeFirst();
    expect(stored).toBeDefined();
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', cookie.value).executeTakeFirst()).toBeUndefined();

    const policy = await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: sessionCookie(res) } });
    expect(policySchema.parse(policy.json())).toMatchObject({ orgType: 'SUPPLIER', orgId: 'SUPACMESCI01' });
  });

  test('a sign-in ends the session of the cookie it replaces', async () => {
    const first = sessionCookie(await signIn('supplier@acme.demo.test', DEMO_PASSWORD));
    const second = sessionCookie(await signIn('buyer@uni.demo.test', DEMO_PASSWORD, { cookie: first }));
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie: second } })).statusCode).toBe(200);
  });

  test('each kind of user gets its org type', async () => {
    expect((await signIn('buyer@uni.demo.test', DEMO_PASSWORD)).json()).toEqual({ orgType: 'UNIVERSITY' });
    expect((await signIn('support@demo.test', DEMO_PASSWORD)).json()).toEqual({ orgType: 'SUPPORT' });
    expect((await signIn('newbuyer@uni.demo.test', DEMO_PASSWORD)).json()).toEqual({ orgType: 'UNIVERSITY' });
  });

  test('the cookie is Secure when configured for HTTPS', async () => {
    const secure = await createTestApp({ auth: FAST_AUTH, secureCookies: true });
    const res = await secure.app.inject({
      method: 'POST',
      url: '/servlet',
      ...loginForm({ M: '1', username: 'supplier@acme.demo.test', password: DEMO_PASSWORD, captcha: await captchaFor(secure.app) }),
    });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    await secure.close();
  });

  test('a wrong password and an unknown user both answer 401 with the spec message', async () => {
    for (const [username, password] of [
      ['supplier@acme.demo.test', 'wrong password'],
      ['nobody@example.org', DEMO_PASSWORD],
    ] as const) {
      const res = await signIn(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [messages.loginUnauthorized] });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  test('a deleted user cannot sign in', async () => {
    await t.db.updateTable('users').set({ deleted: 1 }).where('username', '=', 'buyer@northgate.demo.test').execute();
    expect((await signIn('buyer@northgate.demo.test', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  test('M other than 1 is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/servlet',
      ...loginForm({ M: '3', username: 'supplier@acme.demo.test', password: DEMO_PASSWORD, captcha: await captchaFor(t.app) }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in throttle', () => {
  const user = 'supplier@acme.demo.test';
  const failuresOf = (address: string, username = user) => recentCount(t.db, signInKey(username, address));

  test('failures slow one username from one address down, by a growing delay capped at 30 s, and never lock it out', async () => {
    expect([0, 4, 5, 6, 7, 10, 40].map((n) => signInDelayMs(n, 1000))).toEqual([0, 0, 1000, 2000, 4000, 30_000, 30_000]);
    for (let i = 0; i < 12; i++) expect((await signIn(user, 'nope', { address: '10.1.0.1' })).statusCode).toBe(401);
    expect(await failuresOf('10.1.0.1')).toBe(12);
    // The right password still signs in from that very address (held back, not refused), and clears its count.
    expect((await signIn(user, DEMO_PASSWORD, { address: '10.1.0.1' })).statusCode).toBe(200);
    expect(await failuresOf('10.1.0.1')).toBe(0);
  });

  test('a guesser elsewhere neither slows nor locks the user at the usual address', async () => {
    for (let i = 0; i < 12; i++) await signIn(user, 'nope', { address: '10.2.0.66' });
    expect(await failuresOf('10.2.0.1')).toBe(0);
    expect((await signIn(user, DEMO_PASSWORD, { address: '10.2.0.1' })).statusCode).toBe(200);
    // The guesser's own pair is still counted.
    expect(await failuresOf('10.2.0.66')).toBe(12);
  });

  test('failures of other usernames from a shared address (a campus NAT) slow nobody else behind it', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn(`guess${i}@example.org`, 'nope', { address: '10.3.0.1' })).statusCode).toBe(401);
    }
    expect(await failuresOf('10.3.0.1', 'buyer@uni.demo.test')).toBe(0);
    expect((await signIn('buyer@uni.demo.test', DEMO_PASSWORD, { address: '10.3.0.1' })).statusCode).toBe(200);
  });

  test('failures older than the window start a new count', async () => {
    for (let i = 0; i < 9; i++) await signIn(user, 'nope', { address: '10.4.0.1' });
    const past = new Date(Date.now() - 16 * 60_000).toISOString();
    await t.db.updateTable('login_failures').set({ window_start: past }).execute();
    expect((await signIn(user, 'nope', { address: '10.4.0.1' })).statusCode).toBe(401);
    expect(await failuresOf('10.4.0.1')).toBe(1);
  });
});

describe('sign-out (GET /servlet?M=2)', () => {
  test('deletes the session and clears the cookie', async () => {
    const cookie = sessionCookie(await signIn('buyer@uni.demo.test', DEMO_PASSWORD));
    const before = await t.db.selectFrom('sessions').select('id').execute();
    const res = await t.app.inject({ method: 'GET', url: '/servlet?M=2', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(before.length - 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie } })).statusCode).toBe(401);
  });

  test('without a session it still answers 200', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/servlet?M=2' })).statusCode).toBe(200);
  });
});

describe('api-path proxy (GET /servlet?api-path=...)', () => {
  test('answers exactly as the /api call', async () => {
    const cookie = await t.cookieFor('buyer@uni.demo.test');
    for (const [viaServlet, direct] of [
      ['/servlet?api-path=/policy', '/api/policy'],
      ['/servlet?api-path=%2Forg%2FUNIWESTMERE1', '/api/org/UNIWESTMERE1'],
      ['/servlet?api-path=/org/UNINORTHGATE', '/api/org/UNINORTHGATE'],
      ['/servlet?api-path=/no/such/route&x=1', '/api/no/such/route?x=1'],
    ]) {
      const a = await t.app.inject({ method: 'GET', url: viaServlet!, headers: { cookie } });
      const b = await t.app.inject({ method: 'GET', url: direct!, headers: { cookie } });
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.headers['content-type']).toBe(b.headers['content-type']);
      expect(a.body).toBe(b.body);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/servlet?api-path=/policy' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('forwards the other parameters as the query', async () => {
    const cookie = await t.cookieFor('support@demo.test');
    const a = await t.app.inject({ method: 'GET', url: '/servlet?api-path=/org/SUPACMESCI01&offset=0&limit=5', headers: { cookie } });
    const b = await t.app.inject({ method: 'GET', url: '/api/org/SUPACMESCI01?offset=0&limit=5', headers: { cookie } });
    expect(a.body).toBe(b.body);
  });

  test('forwards PUT with its body', async () => {
    const cookie = await t.cookieFor('newbuyer@uni.demo.test');
    const policy = (await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie } })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/servlet?api-path=/policy/actions/acceptTermsOfUse',
      headers: { cookie },
      payload: policy,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'ACTIVE' });
  });

  test('never leaves /api', async () => {
    const cookie = await t.cookieFor('buyer@uni.demo.test');
    for (const path of ['policy', '//evil.example/x', '/../servlet', '/%2e%2e/servlet', '/org/..', '/a\\b', 'http://x/api', '/policy?x=1', '/policy#x', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/servlet?api-path=${encodeURIComponent(path)}`, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
    }
  });

  test('GET without M=2 or api-path is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/servlet' })).statusCode).toBe(400);
  });
});
