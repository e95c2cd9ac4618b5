import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asnSchema } from '../../src/domain/schemas/asn';
import { orderSchema } from '../../src/domain/schemas/orders';
import { changesAnswerSchema, type ChangesAnswer } from '../../src/domain/schemas/sync';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { recordChanges } from '../../server/catalogue/changes';
import { recordChange } from '../../server/sync/change-log';
import { ACME, WESTMERE, demoOrder, matrix, newKey } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
});
afterAll(() => t.close());

const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'buyer@uni.demo.test';

async function changes(user: string, kind: 'seller' | 'buyer' | 'org', org: string, since: number, limit?: number): Promise<ChangesAnswer> {
  const res = await t.as(user, { method: 'GET', url: `/api/sync/${kind}/${org}/changes?since=${since}${limit ? `&limit=${limit}` : ''}` });
  expect(res.statusCode).toBe(200);
  // The page is written by hand (server/sync/changes-answer.ts): byte for byte what JSON.stringify writes of it.
  expect(res.body).toBe(JSON.stringify(res.json()));
  return changesAnswerSchema.parse(res.json());
}

async function latestRev(): Promise<number> {
  const row = await t.db.selectFrom('rev_counter').select('value').executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Every key the supplier's feed delivers after `since`, paged 100 at a time as a device pages it. */
async function keysPagedFrom(since: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let cursor = since; ; ) {
    const page = await changes(SUPPLIER, 'seller', ACME, cursor, 100);
    for (const c of page.changes) seen.add(c.key);
    if (!page.hasMore) return seen;
    cursor = page.cursor;
  }
}

describe('changes feed', () => {
  it('pages through every mirrored row of a scope by cursor, in revision order', async () => {
    const seen = new Map<string, unknown>();
    let since = 0;
    let pages = 0;
    for (;;) {
      const page = await changes(SUPPLIER, 'seller', ACME, since, 100);
      pages++;
      const revs = page.changes.map((c) => c.rev);
      expect([...revs].sort((a, b) => a - b)).toEqual(revs);
      expect(revs.every((r) => r > since)).toBe(true);
      for (const c of page.changes) seen.set(`${c.entity}:${c.key}`, c.row);
      if (page.changes.length > 0) expect(page.cursor).toBe(revs[revs.length - 1]);
      if (!page.hasMore) break;
      since = page.cursor;
    }
    expect(pages).toBeGreaterThan(1);
    const orders = await t.db.selectFrom('orders').select('id').where('seller_key', '=', ACME).execute();
    const asns = await t.db.selectFrom('asns').select('id').where('seller_key', '=', ACME).execute();
    expect([...seen.keys()].filter((k) => k.startsWith('order:'))).toHaveLength(orders.length);
    expect([...seen.keys()].filter((k) => k.startsWith('asn:'))).toHaveLength(asns.length);
    const anOrder = seen.get(`order:${orders[0]!.id}`);
    expect(orderSchema.parse(anOrder).sellerId).toBe(ACME);
    expect(asnSchema.parse(seen.get(`asn:${asns[0]!.id}`)).sellerId).toBe(ACME);
  });

  it('delivers every row of a batch recorded at once, wherever a page ends', async () => {
    const since = await latestRev();
    // Ids no order has: each comes as a deletion, which is enough to count them.
    const keys = Array.from({ length: 250 }, (_, i) => String(900_000 + i));
    await t.db.transaction().execute((trx) => recordChanges(trx, 'order', keys.map((key) => ({ key, scopes: [{ kind: 'seller', orgKey: ACME }] }))));
    const seen = await keysPagedFrom(since);
    expect(keys.filter((key) => seen.has(key))).toHaveLength(250);
  });

  it('never ends a page inside a revision, for batches an older database recorded under one', async () => {
    const since = await latestRev();
    // One row alone, then 250 under one revision: the first page ends before them, the second holds them all.
    const shared = since + 2;
    const keys = Array.from({ length: 250 }, (_, i) => String(910_000 + i));
    await t.db.updateTable('rev_counter').set({ value: shared + 1 }).execute();
    await t.db
      .insertInto('change_log')
      .values([
        { rev: since + 1, scope_kind: 'seller', org_key: ACME, entity: 'order', entity_key: '909999', op: 'upsert' },
        ...keys.map((key) => ({ rev: shared, scope_kind: 'seller', org_key: ACME, entity: 'order', entity_key: key, op: 'upsert' })),
        { rev: shared + 1, scope_kind: 'seller', org_key: ACME, entity: 'order', entity_key: '920000', op: 'upsert' },
      ])
      .execute();
    const seen = await keysPagedFrom(since);
    expect(keys.filter((key) => seen.has(key))).toHaveLength(250);
    expect(seen.has('909999') && seen.has('920000')).toBe(true);
  });

  it('answers the given cursor and nothing more when nothing changed', async () => {
    const now = await latestRev();
    expect(await changes(SUPPLIER, 'seller', ACME, now)).toEqual({ changes: [], cursor: now, hasMore: false });
  });

  it('carries inserts: a submitted ASN and its order reach both sides', async () => {
    const since = await latestRev();
    const order = await demoOrder(t, { unshipped: true, state: 'Acknowledged' });
    const lines = orderSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/order/${order.id}` })).json()).lines;
    const res = await t.as(SUPPLIER, {
      method: 'POST',
      url: `/api/seller/${ACME}/buyer/${WESTMERE}/asn`,
      headers: { 'idempotency-key': newKey() },
      payload: { orderNumber: order.order_no, noticeDate: '2026-11-01', shipmentDate: '2026-11-01', lines: [{ number: lines[0]!.number, quantity: 1, uom: lines[0]!.uom }] },
    });
    expect(res.statusCode).toBe(201);
    const asn = asnSchema.parse(res.json());
    for (const [user, kind, org] of [
      [SUPPLIER, 'seller', ACME],
      [BUYER, 'buyer', WESTMERE],
    ] as const) {
      const feed = await changes(user, kind, org, since);
      const asnChange = feed.changes.find((c) => c.entity === 'asn' && c.key === String(asn.id));
      expect(asnChange?.op).toBe('upsert');
      expect(asnSchema.parse(asnChange!.row)).toEqual(asn);
      const orderChange = feed.changes.find((c) => c.entity === 'order' && c.key === String(order.id));
      expect(orderSchema.parse(orderChange!.row).state).toBe('Partially Shipped');
    }
    expect((await changes('buyer@northgate.demo.test', 'buyer', 'UNINORTHGATE', since)).changes).toEqual([]);
  });

  it('carries updates: a read mark reaches only the side that read, with that side\'s flag', async () => {
    const order = await demoOrder(t, { sellerRead: false });
    const since = await latestRev();
    await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${ACME}/order/${order.id}/actions/read`, headers: { 'idempotency-key': newKey() } });
    const seller = await changes(SUPPLIER, 'seller', ACME, since);
    expect(seller.changes).toHaveLength(1);
    expect(orderSchema.parse(seller.changes[0]!.row).read).toBe(true);
    expect((await changes(BUYER, 'buyer', WESTMERE, since)).changes).toEqual([]);
  });

  it('collapses several changes of one row in a page into the latest', async () => {
    const since = await latestRev();
    const order = await demoOrder(t);
    for (let i = 0; i < 3; i++) {
      await t.db.transaction().execute((trx) => recordChange(trx, { entity: 'order', key: String(order.id), op: 'upsert', scopes: [{ kind: 'seller', orgKey: ACME }] }));
    }
    const feed = await changes(SUPPLIER, 'seller', ACME, since);
    expect(feed.changes).toHaveLength(1);
    expect(feed.changes[0]!.rev).toBe(since + 3);
    expect(feed.cursor).toBe(since + 3);
  });

  it('carries deletes as tombstones without a row', async () => {
    const order = await demoOrder(t);
    const since = await latestRev();
    await t.db.transaction().execute(async (trx) => {
      const rev = await recordChange(trx, {
        entity: 'order',
        key: String(order.id),
        op: 'delete',
        scopes: [
          { kind: 'seller', orgKey: ACME },
          { kind: 'buyer', orgKey: WESTMERE },
        ],
      });
      await trx.updateTable('orders').set({ deleted: 1, rev }).where('id', '=', order.id).execute();
    });
    const feed = await changes(BUYER, 'buyer', WESTMERE, since);
    expect(feed.changes).toEqual([{ entity: 'order', key: String(order.id), op: 'delete', rev: since + 1 }]);
    // An older upsert of a row deleted since is answered as a delete too.
    const older = await changes(SUPPLIER, 'seller', ACME, 0, 2000);
    expect(older.changes.find((c) => c.key === String(order.id) && c.entity === 'order')?.op).toBe('delete');
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/order/${order.id}` })).statusCode).toBe(404);
  });

  it('limits pages to 2000 entries and checks its input', async () => {
    const page = await changes(SUPPLIER, 'seller', ACME, 0);
    expect(page.changes.length).toBeLessThanOrEqual(500);
    for (const q of ['limit=2001', 'limit=0', 'since=-1', 'since=x']) {
      const res = await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/seller/${ACME}/changes?${q}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/nobody/${ACME}/changes` })).statusCode).toBe(400);
  });

  it('authorization: the scope\'s own organisation and support only', async () => {
    expect(await matrix(t, 'seller', () => ({ method: 'GET', url: `/api/sync/seller/${ACME}/changes` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'buyer', () => ({ method: 'GET', url: `/api/sync/buyer/${WESTMERE}/changes` }))).toEqual([200, 403, 403, 200, 401]);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/org/${ACME}/changes` })).statusCode).toBe(200);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/buyer/${ACME}/changes` })).statusCode).toBe(403);
  });
});
