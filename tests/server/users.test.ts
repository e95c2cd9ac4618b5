import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import { userPageSchema, userSchema } from '../../src/domain/schemas/users';
import { mailsTo } from './helpers/mailbox';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const OTHER_SUPPLIER = 'admin@biolab.demo.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newUser = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Acme.demo.test' };

describe('GET /org/{orgid}/user', () => {
  it("lists the account's users, paged and filtered", async () => {
    const res = await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/user' });
    expect(res.statusCode).toBe(200);
    const users = userPageSchema.parse(res.json());
    expect(users.map((u) => u.email)).toEqual(['buyer@uni.demo.test', 'newbuyer@uni.demo.test', 'p.raman@uni.demo.test']);
    expect(users[0]).not.toHaveProperty('password_hash');
    const admins = userPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/user?type=ADMIN' })).json());
    expect(admins.map((u) => u.email)).toEqual(['buyer@uni.demo.test']);
    const named = userPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/user?nameLike=raman' })).json());
    expect(named.map((u) => u.lastName)).toEqual(['Raman']);
    const second = userPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/user?limit=2&offset=2' })).json());
    expect(second).toHaveLength(1);
  });

  it('is support only, and only for accounts', async () => {
    expect((await t.as(BUYER, { method: 'GET', url: '/api/org/UNIWESTMERE1/user' })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/org/UNIWESTMERE1/user' })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/org/SUPACMESCI01/user' })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url: '/api/org/SUPACMESCI01/user' })).statusCode).toBe(401);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/org/NOSUCHORG000/user' })).statusCode).toBe(404);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/org/SUPPORT00001/user' })).statusCode).toBe(404);
  });
});

describe('POST /org/{orgid}/user', () => {
  it('creates a REGULAR user by default, email as username, without a password', async () => {
    const res = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload: newUser, headers: { 'idempotency-key': 'user-create-0001' } });
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Acme.demo.test', username: 'ada@acme.demo.test', type: 'REGULAR' });
    const row = await t.db.selectFrom('users').selectAll().where('user_no', '=', user.userNo).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const replay = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload: newUser, headers: { 'idempotency-key': 'user-create-0001' } });
    expect(replay.json()).toEqual(res.json());
    // One welcome mail, telling the new user how to choose a first password; the replay mails nobody.
    const welcome = mailsTo(t.config.dataDir, 'ada@acme.demo.test');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain('Your username is ada@acme.demo.test');
    expect(welcome[0]!.text).toContain('Forgot Password');
    expect(await t.db.selectFrom('users').select('user_no').where('email', '=', 'Ada@Acme.demo.test').execute()).toHaveLength(1);
    const history = await t.db.selectFrom('history').selectAll().where('entity', '=', 'user').where('entity_key', '=', String(user.userNo)).execute();
    expect(history).toEqual([expect.objectContaining({ org_key: 'SUPACMESCI01', type: 'CREATED', user: 'Sam Support' })]);
  });

  it('applies the user save rule and refuses a taken email', async () => {
    const bad = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload: { firstName: '', lastName: ' ', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [fieldErrors.required('First Name'), fieldErrors.required('Last Name'), fieldErrors.invalidEmail('Email')] });
    const badType = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload: { ...newUser, email: 'x@y.test', type: 'SUPPORT' } });
    expect(badType.statusCode).toBe(400);
    const taken = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPBIOLAB001/user', payload: { ...newUser, email: 'BUYER@uni.demo.test' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: [fieldErrors.usernameTaken] });
  });

  it('is support only', async () => {
    const payload = { firstName: 'X', lastName: 'Y', email: 'xy@acme.demo.test' };
    expect((await t.as(SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload })).statusCode).toBe(403);
    expect((await t.as(OTHER_SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'POST', url: '/api/org/SUPACMESCI01/user', payload })).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /org/{orgid}/user/{userNo}', () => {
  async function userNo(email: string) {
    return (await t.db.selectFrom('users').select('user_no').where('username', '=', email).executeTakeFirstOrThrow()).user_no;
  }

  it('edits a user within the org; another org answers 404', async () => {
    const no = await userNo('warehouse@acme.demo.test');
    const payload = { firstName: 'Wendy', lastName: 'Store', email: 'wendy@acme.demo.test', type: 'ADMIN' };
    const res = await t.as(SUPPORT, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload, headers: { 'idempotency-key': 'user-edit-0001' } });
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({ userNo: no, lastName: 'Store', username: 'wendy@acme.demo.test', type: 'ADMIN' });
    const replay = await t.as(SUPPORT, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload, headers: { 'idempotency-key': 'user-edit-0001' } });
    expect(replay.json()).toEqual(res.json());
    expect((await t.as(SUPPORT, { method: 'PUT', url: `/api/org/SUPBIOLAB001/user/${no}`, payload })).statusCode).toBe(404);
    expect((await t.as(SUPPORT, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload: { ...payload, email: 'bad' } })).statusCode).toBe(400);
    expect((await t.as(SUPPORT, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload: { ...payload, email: 'supplier@acme.demo.test' } })).statusCode).toBe(409);
    expect((await t.as(SUPPLIER, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'PUT', url: `/api/org/SUPACMESCI01/user/${no}`, payload })).statusCode).toBe(401);
  });

  it('deletes a user: tombstone, signed out, email free again; own user refused', async () => {
    const no = await userNo('p.raman@uni.demo.test');
    await t.cookieFor('p.raman@uni.demo.test');
    expect((await t.as(BUYER, { method: 'DELETE', url: `/api/org/UNIWESTMERE1/user/${no}` })).statusCode).toBe(403);
    expect((await t.as(SUPPORT, { method: 'DELETE', url: `/api/org/UNINORTHGATE/user/${no}` })).statusCode).toBe(404);
    const opts = { method: 'DELETE' as const, url: `/api/org/UNIWESTMERE1/user/${no}`, headers: { 'idempotency-key': 'user-delete-0001' } };
    expect((await t.as(SUPPORT, opts)).statusCode).toBe(200);
    expect((await t.as(SUPPORT, opts)).statusCode).toBe(200);
    const row = await t.db.selectFrom('users').selectAll().where('user_no', '=', no).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    expect(await t.db.selectFrom('sessions').select('id').where('user_no', '=', no).execute()).toHaveLength(0);
    const tomb = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'user').where('entity_key', '=', String(no)).where('op', '=', 'delete').execute();
    expect(tomb).toHaveLength(1);
    const list = userPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/user' })).json());
    expect(list.map((u) => u.userNo)).not.toContain(no);
    const again = await t.as(SUPPORT, { method: 'POST', url: '/api/org/UNIWESTMERE1/user', payload: { firstName: 'Priya', lastName: 'Raman', email: 'p.raman@uni.demo.test' } });
    expect(again.statusCode).toBe(201);

    const supportNo = await userNo('support@demo.test');
    await t.db.updateTable('users').set({ org_no: (await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', 'SUPACMESCI01').executeTakeFirstOrThrow()).org_no }).where('user_no', '=', supportNo).execute();
    const own = await t.as(SUPPORT, { method: 'DELETE', url: `/api/org/SUPACMESCI01/user/${supportNo}` });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ errors: [fieldErrors.ownUserDelete] });
    expect((await t.as(null, { method: 'DELETE', url: `/api/org/SUPACMESCI01/user/${supportNo}` })).statusCode).toBe(401);
  });
});
