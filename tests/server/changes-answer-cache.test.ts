import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesAnswerSchema, type ChangesAnswer } from '../../src/domain/schemas/sync';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { recordChange } from '../../server/sync/change-log';
import { WESTMERE } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Pages of the changes feed are remembered briefly (server/sync/changes-answer.ts).
 * Each case pulls a page first, so it is remembered, then changes what that page
 * should hold without any write request (as a job does), or asks as another user, and
 * expects the very next pull of the same page to show it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
});
afterAll(() => t.close());

const ADMIN = 'buyer@uni.demo.test';
const REGULAR = 'p.raman@uni.demo.test';

async function changes(user: string, kind: 'buyer' | 'org', since: number): Promise<ChangesAnswer> {
  const res = await t.as(user, { method: 'GET', url: `/api/sync/${kind}/${WESTMERE}/changes?since=${since}&limit=50` });
  expect(res.statusCode).toBe(200);
  return changesAnswerSchema.parse(res.json());
}

async function latestRev(): Promise<number> {
  const row = await t.db.selectFrom('rev_counter').select('value').executeTakeFirstOrThrow();
  return Number(row.value);
}

describe('remembered pages of the changes feed', () => {
  it('a change recorded outside any request is in the very next pull of the same page', async () => {
    const since = await latestRev();
    expect((await changes(ADMIN, 'buyer', since)).changes).toEqual([]);
    const order = await t.db.selectFrom('orders').select('id').where('buyer_key', '=', WESTMERE).where('buyer_read', '=', 0).executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ buyer_read: 1 }).where('id', '=', order.id).execute();
      const rev = await recordChange(trx, { entity: 'order', key: String(order.id), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: WESTMERE }] });
      await trx.updateTable('orders').set({ rev }).where('id', '=', order.id).execute();
    });
    const page = await changes(ADMIN, 'buyer', since);
    expect(page.changes.map((c) => [c.entity, c.key, c.op])).toEqual([['order', String(order.id), 'upsert']]);
    expect((page.changes[0]!.row as { read: boolean }).read).toBe(true);
  });

  it('a user is never given the page remembered for a colleague who may read more', async () => {
    const since = await latestRev();
    await t.db.transaction().execute((trx) => recordChange(trx, { entity: 'receivingEmail', key: '1', op: 'delete', scopes: [{ kind: 'org', orgKey: WESTMERE }] }));
    expect((await changes(ADMIN, 'org', since)).changes.map((c) => c.entity)).toEqual(['receivingEmail']);
    const regular = await changes(REGULAR, 'org', since);
    expect(regular.changes).toEqual([]);
    // The cursor still moves past what the user may not read.
    expect(regular.cursor).toBe(since + 1);
  });

  it('a remembered page goes out compressed to a client that asks, and reads as the same page', async () => {
    const url = `/api/sync/buyer/${WESTMERE}/changes?since=0&limit=50`;
    const plain = await changes(ADMIN, 'buyer', 0);
    expect(plain.changes.length).toBe(50);
    const res = await t.as(ADMIN, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain);
  });
});
