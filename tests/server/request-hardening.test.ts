import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PUSH_PATH, outboxPushAnswerSchema } from '../../src/domain/schemas/sync';
import { signInKey } from '../../server/auth/throttle';
import { loadConfig } from '../../server/config';
import { MAX_JSON_NESTING } from '../../server/http/json-nesting';
import { captchaFor, FAST_AUTH, loginForm } from './helpers/captcha';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPLIER = 'supplier@acme.demo.test';
const GUESSED = 'nobody@demo.test';
const ACME = 'SUPACMESCI01';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
  proxied = await createTestApp({ auth: FAST_AUTH, trustProxy: ['10.9.0.1'] });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

async function failedSignIn(app: TestApp, remoteAddress: string, forwardedFor: string) {
  const form = loginForm({ M: '1', username: GUESSED, password: 'wrong password', captcha: await captchaFor(app.app) });
  const res = await app.app.inject({ method: 'POST', url: '/servlet', remoteAddress, payload: form.payload, headers: { ...form.headers, 'x-forwarded-for': forwardedFor } });
  expect(res.statusCode).toBe(401);
}
/** The sign-in counters stored: one per username and the address the throttle took the request to come from. */
const signInFailureKeys = async (app: TestApp) =>
  (await app.db.selectFrom('login_failures').select('key').execute()).map((r) => r.key).filter((k) => k.startsWith('signin:'));

describe('X-Forwarded-For', () => {
  it('is ignored unless it comes from a configured proxy', async () => {
    await failedSignIn(t, '10.0.0.7', '198.51.100.23');
    expect(await signInFailureKeys(t)).toEqual([signInKey(GUESSED, '10.0.0.7')]);
  });

  it('gives the client address when a configured proxy sends it (PORTAL_TRUST_PROXY)', async () => {
    await failedSignIn(proxied, '10.9.0.1', '198.51.100.23');
    await failedSignIn(proxied, '10.0.0.8', '198.51.100.99');
    expect((await signInFailureKeys(proxied)).sort()).toEqual([signInKey(GUESSED, '10.0.0.8'), signInKey(GUESSED, '198.51.100.23')].sort());
    expect(loadConfig({ PORTAL_DATA_DIR: t.config.dataDir, PORTAL_SECRET: 's', PORTAL_TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ PORTAL_DATA_DIR: t.config.dataDir, PORTAL_SECRET: 's' }).trustProxy).toEqual([]);
  });
});

describe('the outbox envelope judges the resolved route', () => {
  it.each([
    '/api/./sync/outbox',
    '/api/x/../sync/outbox',
    '/api/%2e/sync/outbox',
    '/api/%2E%2E/api/sync/outbox',
    '/api/../servlet?api-path=/sync/outbox',
    '/api/sync%2Foutbox',
    '/api//sync/outbox',
    '/api/x/..%5Csync/outbox',
  ])('refuses %s', async (path) => {
    const res = await t.as(SUPPLIER, { method: 'POST', url: OUTBOX_PUSH_PATH, payload: { entries: [{ id: crypto.randomUUID(), method: 'POST', path, body: { entries: [] } }] } });
    expect(res.statusCode).toBe(200);
    const [result] = outboxPushAnswerSchema.parse(res.json()).results;
    expect(result).toMatchObject({ status: 400, body: { errors: [`${path} cannot be sent through the outbox`] } });
  });

  it('still sends an ordinary entry, by its resolved path', async () => {
    const res = await t.as(SUPPLIER, {
      method: 'POST',
      url: OUTBOX_PUSH_PATH,
      payload: { entries: [{ id: crypto.randomUUID(), method: 'POST', path: `/api/x/../org/${ACME}/property`, body: { property: 'VIA_OUTBOX', value: '1' } }] },
    });
    expect(outboxPushAnswerSchema.parse(res.json()).results[0]!.status).toBe(201);
  });
});

describe('bad input is a 400', () => {
  const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it('a deeply nested body, direct, in an outbox entry and through the servlet', async () => {
    const direct = await t.as(SUPPLIER, { method: 'POST', url: `/api/org/${ACME}/property`, headers: { 'content-type': 'application/json' }, payload: deep(100_000) });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toEqual({ errors: [`The body nests deeper than ${MAX_JSON_NESTING} levels`] });
    const outbox = await t.as(SUPPLIER, {
      method: 'POST',
      url: OUTBOX_PUSH_PATH,
      headers: { 'content-type': 'application/json' },
      payload: `{"entries":[{"id":"${crypto.randomUUID()}","method":"POST","path":"/api/org/${ACME}/property","body":${deep(50_000)}}]}`,
    });
    expect(outbox.statusCode).toBe(400);
    const servlet = await t.as(SUPPLIER, { method: 'POST', url: `/servlet?api-path=/org/${ACME}/property`, headers: { 'content-type': 'application/json' }, payload: deep(50_000) });
    expect(servlet.statusCode).toBe(400);
  });

  it('a body nested within the limit still reaches the route', async () => {
    const res = await t.as(SUPPLIER, { method: 'POST', url: `/api/org/${ACME}/property`, headers: { 'content-type': 'application/json' }, payload: deep(MAX_JSON_NESTING) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toContain('nests deeper');
  });

  it('a truncated multipart sign-in body', async () => {
    const form = loginForm({ M: '1', username: 'u@demo.test', password: 'p', captcha: 'c' });
    const res = await t.app.inject({ method: 'POST', url: '/servlet', payload: form.payload.slice(0, 60), headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['The form could not be read'] });
  });
});
