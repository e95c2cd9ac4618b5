import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionProbeSchema } from '../../src/domain/schemas/session';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/session', () => {
  it('answers 200 signed out, so probing for a session is not a failed request', async () => {
    const res = await t.as(null, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(sessionProbeSchema.parse(res.json())).toEqual({ signedIn: false });
    expect(res.headers['cache-control']).toBe('no-store');
    // /policy keeps the spec's meaning: no session, 401.
    expect((await t.as(null, { method: 'GET', url: '/api/policy' })).statusCode).toBe(401);
  });

  it('answers the policy and the profile of a signed-in user, the same as GET /api/policy and GET /api/profile', async () => {
    const res = await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/session' });
    const policy = await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/policy' });
    const profile = await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    expect(sessionProbeSchema.parse(res.json())).toEqual({ signedIn: true, policy: policy.json(), profile: profile.json() });
    expect(profile.json()).toMatchObject({ user: { username: 'supplier@acme.demo.test' } });
  });

  it('answers the terms-pending state too, which the start needs to show the terms', async () => {
    const res = await t.as('newbuyer@uni.demo.test', { method: 'GET', url: '/api/session' });
    expect(res.json()).toMatchObject({ signedIn: true, policy: { state: 'TERMS_OF_USE' } });
  });
});
