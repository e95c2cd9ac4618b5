import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session';
import { createSession } from '../../server/auth/sessions';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { ReadCache } from '../../server/http/read-cache';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Sessions and organisations are remembered briefly between requests
 * (server/http/read-cache.ts). Each case first uses the row, so it is remembered, then
 * changes it through the API, and expects the very next request to see the change.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function secondSession(username: string): Promise<string> {
  const user = await t.db.selectFrom('users').select('user_no').where('username', '=', username).executeTakeFirstOrThrow();
  const { token } = await createSession(t.db, user.user_no);
  return `${SESSION_COOKIE}=${token}`;
}

const policyWith = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/policy', headers: { cookie } })).statusCode;

describe('remembered sessions and organisations', () => {
  test('a session in use is refused at once after its sign-out', async () => {
    const cookie = await secondSession('buyer@uni.demo.test');
    expect(await policyWith(cookie)).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/servlet?M=2', headers: { cookie } })).statusCode).toBe(200);
    expect(await policyWith(cookie)).toBe(401);
  });

  test('a session in use elsewhere is refused at once after a password change', async () => {
    const user = 'supplier@acme.demo.test';
    const other = await secondSession(user);
    expect(await policyWith(other)).toBe(200);
    const change = await t.as(user, {
      method: 'PUT',
      url: '/api/org/SUPACMESCI01/user/actions/changePassword',
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Quartz-Lantern-Meadow-42' },
    });
    expect(change.statusCode).toBe(200);
    expect(await policyWith(other)).toBe(401);
    expect((await t.as(user, { method: 'GET', url: '/api/policy' })).statusCode).toBe(200);
  });

  test('accepted terms count from the next request', async () => {
    const user = 'newbuyer@uni.demo.test';
    const orders = { method: 'GET' as const, url: '/api/buyer/UNIWESTMERE1/order' };
    expect((await t.as(user, orders)).statusCode).toBe(403);
    expect((await t.as(user, { method: 'PUT', url: '/api/policy/actions/acceptTermsOfUse', payload: {} })).statusCode).toBe(200);
    expect((await t.as(user, orders)).statusCode).toBe(200);
  });

  test("a deleted account's organisation and people are gone from the next request", async () => {
    const admin = 'admin@biolab.demo.test';
    expect((await t.as(admin, { method: 'GET', url: '/api/seller/SUPBIOLAB001/order' })).statusCode).toBe(200);
    expect((await t.as('support@demo.test', { method: 'GET', url: '/api/org/SUPBIOLAB001' })).statusCode).toBe(200);
    expect((await t.as('support@demo.test', { method: 'DELETE', url: '/api/org/SUPBIOLAB001' })).statusCode).toBe(200);
    expect((await t.as('support@demo.test', { method: 'GET', url: '/api/org/SUPBIOLAB001' })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: '/api/seller/SUPBIOLAB001/order' })).statusCode).toBe(401);
  });
});

describe('loads under way', () => {
  /** A load that answers when told to, counting how often it was started. */
  function gatedLoad() {
    const started: Array<(value: string) => void> = [];
    const load = () => new Promise<string>((resolve) => started.push(resolve));
    return { load, started };
  }

  test('requests that miss together share one load', async () => {
    const cache = new ReadCache();
    const { load, started } = gatedLoad();
    const first = cache.through('k', load);
    const second = cache.through('k', load);
    expect(started).toHaveLength(1);
    started[0]!('row');
    expect(await Promise.all([first, second])).toEqual(['row', 'row']);
    expect(await cache.through('k', load)).toBe('row');
    expect(started).toHaveLength(1);
  });

  test('a request after a change does not share a load begun before it, and that load is not remembered', async () => {
    const cache = new ReadCache();
    const { load, started } = gatedLoad();
    const before = cache.through('k', load);
    cache.clear();
    const after = cache.through('k', load);
    expect(started).toHaveLength(2);
    started[0]!('old');
    started[1]!('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.through('k', load)).toBe('new');
    expect(started).toHaveLength(2);
  });

  test('a failed load fails the requests that shared it, and the next request loads again', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database gone');
    };
    await expect(Promise.all([cache.through('k', failing), cache.through('k', failing)])).rejects.toThrow('database gone');
    expect(calls).toBe(1);
    expect(await cache.through('k', async () => 'back')).toBe('back');
  });
});
