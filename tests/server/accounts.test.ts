import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_UNIQUE_KEY_LENGTH } from '../../src/domain/constants';
import { fieldErrors } from '../../src/domain/messages';
import { accountPageSchema, accountSchema } from '../../src/domain/schemas/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /org', () => {
  it('lists accounts (suppliers and universities, not support) in pages of 20, each with its alert', async () => {
    const res = await t.as(SUPPORT, { method: 'GET', url: '/api/org' });
    expect(res.statusCode).toBe(200);
    const page = accountPageSchema.parse(res.json());
    expect(page.length).toBe(9);
    expect(page.every((a) => a.type === 1 || a.type === 2)).toBe(true);
    expect(page.map((a) => a.name)).toEqual([...page.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
    expect(page[0]).toHaveProperty('alert', false);
  });

  it('filters by nameLike (case-insensitive, wildcards literal) and type, and pages with offset/limit', async () => {
    const byName = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?nameLike=uNiVeR' })).json());
    expect(byName.map((a) => a.uniqueKey).sort()).toEqual(['UNINORTHGATE', 'UNIWESTMERE1']);
    const wildcard = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?nameLike=%25' })).json());
    expect(wildcard).toEqual([]);
    const suppliers = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?type=1' })).json());
    expect(suppliers.length).toBe(6);
    expect(suppliers.every((a) => a.type === 1)).toBe(true);
    const unis = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?type=2&limit=2' })).json());
    expect(unis.length).toBe(2);
    const rest = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?type=2&limit=2&offset=2' })).json());
    expect(rest.length).toBe(1);
    expect(rest[0]!.uniqueKey).not.toBe(unis[0]!.uniqueKey);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/org?limit=101' })).statusCode).toBe(400);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/org?type=3' })).statusCode).toBe(400);
  });

  it('is support only', async () => {
    expect((await t.as(BUYER, { method: 'GET', url: '/api/org' })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/org' })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url: '/api/org' })).statusCode).toBe(401);
  });
});

describe('POST /org', () => {
  it('creates an account with a generated 12-character key, supplier and country 1 by default, industry 1 and status A', async () => {
    const res = await t.as(SUPPORT, {
      method: 'POST',
      url: '/api/org',
      payload: { name: '  Zeta Labs ', email: '', industryNo: 7, membershipStatus: 'X' },
    });
    expect(res.statusCode).toBe(201);
    const account = accountSchema.parse(res.json());
    expect(account.uniqueKey).toMatch(/^[A-Z0-9]{12}$/);
    expect(account.uniqueKey).toHaveLength(ACCOUNT_UNIQUE_KEY_LENGTH);
    expect(account).toMatchObject({ name: 'Zeta Labs', type: 1, countryNo: 1, industryNo: 1, membershipStatus: 'A', email: null, alert: false });
    const history = await t.db.selectFrom('history').selectAll().where('entity', '=', 'account').where('entity_key', '=', account.uniqueKey).execute();
    expect(history.map((h) => h.type)).toEqual(['CREATED']);
    const change = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'account').where('entity_key', '=', account.uniqueKey).execute();
    expect(change).toEqual([expect.objectContaining({ scope_kind: 'org', org_key: 'SUPPORT00001', op: 'upsert' })]);
  });

  it("takes the browser's new key, so what it queued under that key reaches the account", async () => {
    const res = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'Keyed Pty', uniqueKey: 'KEYEDPTY0001' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uniqueKey: 'KEYEDPTY0001', name: 'Keyed Pty' });
    const property = await t.as(SUPPORT, { method: 'POST', url: '/api/org/KEYEDPTY0001/property', payload: { property: 'P', value: 'v' } });
    expect(property.statusCode).toBeLessThan(300);
  });

  it('refuses a malformed key, and a key any organisation ever held, deleted ones included', async () => {
    const malformed = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'Bad Key', uniqueKey: 'mine' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [fieldErrors.accountKeyInvalid] });
    const held = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'Copy', uniqueKey: 'SUPACMESCI01' } });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ errors: [fieldErrors.accountKeyTaken] });
    expect((await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'Gone', uniqueKey: 'GONEPTY00001' } })).statusCode).toBe(201);
    expect((await t.as(SUPPORT, { method: 'DELETE', url: '/api/org/GONEPTY00001' })).statusCode).toBe(200);
    const deleted = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'Reuse', uniqueKey: 'GONEPTY00001' } });
    expect(deleted.statusCode).toBe(409);
    expect(await t.db.selectFrom('orgs').select('org_no').where('name', 'in', ['Bad Key', 'Copy', 'Reuse']).execute()).toEqual([]);
  });

  it('rejects an empty name and an invalid email with the rule errors', async () => {
    const res = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: ' ', email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.required('Name'), fieldErrors.invalidEmail('Default Email Address')] });
    const badCountry = await t.as(SUPPORT, { method: 'POST', url: '/api/org', payload: { name: 'X', countryNo: 9999 } });
    expect(badCountry.statusCode).toBe(400);
  });

  it('replays with the same Idempotency-Key and creates once', async () => {
    const opts = { method: 'POST' as const, url: '/api/org', payload: { name: 'Once Only Pty', type: 2 }, headers: { 'idempotency-key': 'acct-create-0001' } };
    const first = await t.as(SUPPORT, opts);
    const second = await t.as(SUPPORT, opts);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await t.db.selectFrom('orgs').select('org_no').where('name', '=', 'Once Only Pty').execute();
    expect(rows).toHaveLength(1);
  });

  it('is support only', async () => {
    for (const who of [BUYER, SUPPLIER]) {
      expect((await t.as(who, { method: 'POST', url: '/api/org', payload: { name: 'Nope' } })).statusCode).toBe(403);
    }
    expect((await t.as(null, { method: 'POST', url: '/api/org', payload: { name: 'Nope' } })).statusCode).toBe(401);
  });
});

describe('PUT /org/{uniqueKey}', () => {
  it('edits the account, keeps industry 1 and status A, sets the alert', async () => {
    const res = await t.as(SUPPORT, {
      method: 'PUT',
      url: '/api/org/SUPBIOLAB001',
      payload: { name: 'BioLab Supplies Pty Ltd', email: 'sales@biolab.demo.test', state: 'NSW', alert: true, industryNo: 5 },
    });
    expect(res.statusCode).toBe(200);
    const account = accountSchema.parse(res.json());
    expect(account).toMatchObject({ name: 'BioLab Supplies Pty Ltd', state: 'NSW', address2: 'Clayton', alert: true, industryNo: 1, membershipStatus: 'A' });
    const history = await t.db.selectFrom('history').selectAll().where('entity', '=', 'account').where('entity_key', '=', 'SUPBIOLAB001').execute();
    expect(history.map((h) => h.type)).toContain('UPDATED');
  });

  it('rejects the rules, an unknown account and the support organisation', async () => {
    expect((await t.as(SUPPORT, { method: 'PUT', url: '/api/org/SUPBIOLAB001', payload: { name: '' } })).statusCode).toBe(400);
    expect((await t.as(SUPPORT, { method: 'PUT', url: '/api/org/NOSUCHKEY000', payload: { name: 'X' } })).statusCode).toBe(404);
    expect((await t.as(SUPPORT, { method: 'PUT', url: '/api/org/SUPPORT00001', payload: { name: 'X' } })).statusCode).toBe(404);
  });

  it('replays and refuses non-support callers', async () => {
    const opts = { method: 'PUT' as const, url: '/api/org/SUPKESTREL01', payload: { name: 'Kestrel Safety' }, headers: { 'idempotency-key': 'acct-edit-0001' } };
    const first = await t.as(SUPPORT, opts);
    const second = await t.as(SUPPORT, opts);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await t.as(SUPPLIER, { method: 'PUT', url: '/api/org/SUPACMESCI01', payload: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'PUT', url: '/api/org/SUPACMESCI01', payload: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'PUT', url: '/api/org/SUPACMESCI01', payload: { name: 'Mine' } })).statusCode).toBe(401);
  });
});

describe('DELETE /org/{uniqueKey}', () => {
  it('soft-deletes with a tombstone, removes its users and signs them out', async () => {
    const cookieBefore = await t.cookieFor('admin@meridian.demo.test');
    expect(cookieBefore).toBeTruthy();
    expect((await t.as(BUYER, { method: 'DELETE', url: '/api/org/SUPMERIDIAN1' })).statusCode).toBe(403);
    const opts = { method: 'DELETE' as const, url: '/api/org/SUPMERIDIAN1', headers: { 'idempotency-key': 'acct-delete-0001' } };
    const res = await t.as(SUPPORT, opts);
    expect(res.statusCode).toBe(200);
    expect((await t.as(SUPPORT, opts)).statusCode).toBe(200);
    const org = await t.db.selectFrom('orgs').selectAll().where('unique_key', '=', 'SUPMERIDIAN1').executeTakeFirstOrThrow();
    expect(org.deleted).toBe(1);
    const tomb = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'account').where('entity_key', '=', 'SUPMERIDIAN1').execute();
    expect(tomb.map((c) => c.op)).toEqual(['delete']);
    expect(Number(tomb[0]!.rev)).toBe(Number(org.rev));
    const users = await t.db.selectFrom('users').selectAll().where('org_no', '=', org.org_no).execute();
    expect(users.every((u) => u.deleted === 1)).toBe(true);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_no', 'in', users.map((u) => u.user_no)).execute();
    expect(sessions).toHaveLength(0);
    const list = accountPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org?type=1' })).json());
    expect(list.map((a) => a.uniqueKey)).not.toContain('SUPMERIDIAN1');
    expect((await t.as(SUPPORT, { method: 'DELETE', url: '/api/org/SUPMERIDIAN1' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'DELETE', url: '/api/org/SUPACMESCI01' })).statusCode).toBe(401);
  });
});
