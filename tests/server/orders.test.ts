import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../../src/domain/messages';
import { historyEntrySchema, orderSchema, orderSummarySchema } from '../../src/domain/schemas/orders';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { poFileName } from '../../server/edi/po-document';
import { ACME, SUPPORT, WESTMERE, demoOrder, matrix, newKey, runExport } from './helpers/orders-fixtures';
import { dtdErrors } from './helpers/cxml-dtd';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
});
afterAll(() => t.close());

const get = (user: string | null, url: string) => t.as(user, { method: 'GET', url });
const post = (user: string | null, url: string, key = newKey()) => t.as(user, { method: 'POST', url, headers: { 'idempotency-key': key } });

describe('order list', () => {
  it('pages newest first, 20 by default, with offset and limit', async () => {
    const first = await get('supplier@acme.demo.test', `/api/seller/${ACME}/order`);
    expect(first.statusCode).toBe(200);
    const page1 = z.array(orderSummarySchema).parse(first.json());
    expect(page1).toHaveLength(20);
    const dates = page1.map((o) => o.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = z.array(orderSummarySchema).parse((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?offset=20&limit=20`)).json());
    expect(second).toHaveLength(20);
    expect(second.some((o) => page1.some((p) => p.id === o.id))).toBe(false);
    expect(second[0]!.orderDate <= page1[19]!.orderDate).toBe(true);

    const total = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('seller_key', '=', ACME).executeTakeFirstOrThrow();
    const tail = (await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?offset=${Number(total.n) - 3}&limit=100`)).json();
    expect(tail).toHaveLength(3);
  });

  it('answers each side from its own organisation: the supplier sees customers, the buyer sees suppliers', async () => {
    const seller = z.array(orderSummarySchema).parse((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?limit=100`)).json());
    expect(seller.every((o) => o.sellerId === ACME)).toBe(true);
    expect(new Set(seller.map((o) => o.buyerName)).size).toBeGreaterThan(1);
    const buyer = z.array(orderSummarySchema).parse((await get('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/order?limit=100`)).json());
    expect(buyer.every((o) => o.buyerId === WESTMERE)).toBe(true);
    expect(new Set(buyer.map((o) => o.sellerName)).size).toBeGreaterThan(1);
  });

  it('filters by a part of the order number, case-insensitively, with wildcards taken literally', async () => {
    const order = await demoOrder(t);
    const part = order.order_no.slice(-4);
    const rows = z.array(orderSummarySchema).parse((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?orderNumberLike=${part}&limit=100`)).json());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((o) => o.orderNo.includes(part))).toBe(true);
    expect(rows.some((o) => o.id === order.id)).toBe(true);
    const lower = (await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?orderNumberLike=${encodeURIComponent(order.order_no.toLowerCase())}`)).json();
    expect(lower.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?orderNumberLike=%25`)).json()).toEqual([]);
    expect((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?orderNumberLike=zzz-none`)).json()).toEqual([]);
  });

  it('refuses bad paging input with errors', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await get('supplier@acme.demo.test', `/api/seller/${ACME}/order?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('authorization: own organisation and support only', async () => {
    expect(await matrix(t, 'seller', () => ({ method: 'GET', url: `/api/seller/${ACME}/order` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'buyer', () => ({ method: 'GET', url: `/api/buyer/${WESTMERE}/order` }))).toEqual([200, 403, 403, 200, 401]);
    // A buyer key on a seller path is no supplier.
    expect((await get(SUPPORT, `/api/seller/${WESTMERE}/order`)).statusCode).toBe(404);
  });
});

describe('order detail and read marks', () => {
  it('answers the full order with lines and every address field, and marks it read for the opening side only', async () => {
    const row = await demoOrder(t, { sellerRead: false, buyerRead: false });
    const res = await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/${row.id}`);
    expect(res.statusCode).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order.lines.length).toBeGreaterThanOrEqual(2);
    expect(order.lines.map((l) => l.number)).toEqual(order.lines.map((_, i) => i + 1));
    expect(order.lines[0]).toHaveProperty('priceCurreny', 'AUD');
    for (const a of [order.contact, order.billTo, order.shipTo]) expect(Object.values(a).every((v) => v !== '')).toBe(true);
    expect(order.read).toBe(true);
    const after = await t.db.selectFrom('orders').select(['seller_read', 'buyer_read']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ seller_read: 1, buyer_read: 0 });
    const buyerView = orderSchema.parse((await get('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/order/${row.id}`)).json());
    expect(buyerView.read).toBe(true);
    const logged = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'order').where('entity_key', '=', String(row.id)).orderBy('rev').execute();
    expect(logged.slice(-2).map((c) => c.scope_kind)).toEqual(['seller', 'buyer']);
  });

  it('opening an order that is already read changes nothing', async () => {
    const row = await demoOrder(t, { sellerRead: true });
    const before = await t.db.selectFrom('change_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/${row.id}`);
    const after = await t.db.selectFrom('change_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the read action marks it read once; a replay answers the same and applies nothing', async () => {
    const row = await demoOrder(t, { buyerRead: false });
    const key = newKey();
    const url = `/api/buyer/${WESTMERE}/order/${row.id}/actions/read`;
    const first = await post('buyer@uni.demo.test', url, key);
    expect(first.statusCode).toBe(200);
    expect(orderSchema.parse(first.json()).read).toBe(true);
    const revAfterFirst = (await t.db.selectFrom('orders').select('rev').where('id', '=', row.id).executeTakeFirstOrThrow()).rev;
    const replay = await post('buyer@uni.demo.test', url, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const again = await post('buyer@uni.demo.test', url);
    expect(again.statusCode).toBe(200);
    expect((await t.db.selectFrom('orders').select('rev').where('id', '=', row.id).executeTakeFirstOrThrow()).rev).toBe(revAfterFirst);
  });

  it('another organisation\'s order and an unknown id answer 404', async () => {
    const row = await demoOrder(t);
    expect((await get('admin@biolab.demo.test', `/api/seller/SUPBIOLAB001/order/${row.id}`)).statusCode).toBe(404);
    expect((await get('buyer@northgate.demo.test', `/api/buyer/UNINORTHGATE/order/${row.id}`)).statusCode).toBe(404);
    expect((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/999999`)).statusCode).toBe(404);
    expect((await post('supplier@acme.demo.test', `/api/seller/${ACME}/order/999999/actions/read`)).statusCode).toBe(404);
    expect((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/abc`)).statusCode).toBe(400);
  });

  it('authorization of detail, read and history', async () => {
    const row = await demoOrder(t);
    for (const side of ['seller', 'buyer'] as const) {
      const org = side === 'seller' ? ACME : WESTMERE;
      for (const suffix of ['', '/history']) {
        expect(await matrix(t, side, () => ({ method: 'GET', url: `/api/${side}/${org}/order/${row.id}${suffix}` }))).toEqual([200, 403, 403, 200, 401]);
      }
      expect(await matrix(t, side, () => ({ method: 'POST', url: `/api/${side}/${org}/order/${row.id}/actions/read` }))).toEqual([200, 403, 403, 200, 401]);
    }
  });
});

describe('order export', () => {
  it('writes the purchase order through the buyer\'s EDI setting and records it in the history', async () => {
    const row = await demoOrder(t, { canExport: true });
    const key = newKey();
    const url = `/api/seller/${ACME}/order/${row.id}/actions/export`;
    const res = await post('supplier@acme.demo.test', url, key);
    const job = await runExport(t, ACME, res);
    expect(job).toMatchObject({ state: 'done', result: { channel: 'LOCAL', fileName: poFileName({ orderNo: row.order_no }) } });
    const file = join(t.config.dataDir, 'exports', WESTMERE, 'po', poFileName({ orderNo: row.order_no }));
    expect(existsSync(file)).toBe(true);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain(`<OrderRequestHeader orderID="${row.order_no}"`);
    expect(xml).toContain('<ItemOut');
    expect(dtdErrors(xml)).toEqual([]);
    // The payloadID is kept, so the order's ship notices can refer to this OrderRequest.
    const stored = await t.db.selectFrom('edi_payloads').select('payload_id').where('entity', '=', 'order').where('entity_key', '=', String(row.id)).executeTakeFirstOrThrow();
    expect(stored.payload_id).toMatch(/^\d{13}\.[0-9a-f]{16}@.+$/);
    expect(xml).toContain(`payloadID="${stored.payload_id}"`);

    const replay = await post('supplier@acme.demo.test', url, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const history = z.array(historyEntrySchema).parse((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/${row.id}/history`)).json());
    expect(history.filter((h) => h.type === 'EXPORTED')).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'Exported', user: 'Simon Supplier' });
    const buyerHistory = z.array(historyEntrySchema).parse((await get('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/order/${row.id}/history?type=EXPORTED`)).json());
    expect(buyerHistory).toHaveLength(1);
    expect(messages.orderExported).toBe('The order has been exported');
  });

  it('is refused when the order cannot be exported', async () => {
    const row = await demoOrder(t, { canExport: false });
    const res = await post('supplier@acme.demo.test', `/api/seller/${ACME}/order/${row.id}/actions/export`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['This order cannot be exported']);
  });

  it('a delivery failure fails the job with the reason and leaves an EXPORT_FAILED entry', async () => {
    const row = await demoOrder(t, { canExport: true });
    const westmere = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', WESTMERE).executeTakeFirstOrThrow();
    const setting = await t.db
      .insertInto('edi_export_settings')
      .values({ org_no: westmere.org_no, doc_type: 'po', order_format: 0, type: 'EMAIL', ftp_server: null, ftp_dir: null, ftp_user: null, password: null, endpoint: '', rev: 0, deleted: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const key = newKey();
      const url = `/api/seller/${ACME}/order/${row.id}/actions/export`;
      const job = await runExport(t, ACME, await post('supplier@acme.demo.test', url, key));
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/^Order export failed: .*no recipient address/);
      const failed = z.array(historyEntrySchema).parse((await get('supplier@acme.demo.test', `/api/seller/${ACME}/order/${row.id}/history?type=EXPORT_FAILED`)).json());
      expect(failed).toHaveLength(1);
      expect(failed[0]!.description).toContain('no recipient address');
    } finally {
      await t.db.deleteFrom('edi_export_settings').where('id', '=', setting.id).execute();
    }
  });

  it('only the supplier side (and support) may export', async () => {
    const row = await demoOrder(t, { canExport: true });
    expect(await matrix(t, 'seller', () => ({ method: 'POST', url: `/api/seller/${ACME}/order/${row.id}/actions/export` }))).toEqual([202, 403, 403, 202, 401]);
    const buyerPath = await post('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/order/${row.id}/actions/export`);
    expect(buyerPath.statusCode).toBe(404);
  });
});
