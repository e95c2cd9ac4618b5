import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderSummarySchema, type OrderSummary } from '../../src/domain/schemas/orders';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { recordChange } from '../../server/sync/change-log';
import { ACME, ACTORS, newKey, SUPPORT, WESTMERE } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Pages of the order list are remembered briefly (server/http/remembered-answer.ts).
 * Each case asks for a page first, so it is remembered, then changes what the page
 * should hold (by a request, or without one, as a job does), or asks as someone
 * else, and expects the very next answer to show it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
});
afterAll(() => t.close());

const OWNER = ACTORS.buyer.owner;
const NORTHGATE = 'UNINORTHGATE';
const PAGE = `/api/buyer/${WESTMERE}/order?offset=0&limit=20`;

async function page(user: string): Promise<OrderSummary[]> {
  const res = await t.as(user, { method: 'GET', url: PAGE });
  expect(res.statusCode).toBe(200);
  return z.array(orderSummarySchema).parse(res.json());
}

const unread = (rows: OrderSummary[]) => rows.find((o) => !o.read)!;

describe('remembered pages of the order list', () => {
  it('an order read through a request is read in the very next page', async () => {
    const order = unread(await page(OWNER));
    const res = await t.as(OWNER, { method: 'POST', url: `/api/buyer/${WESTMERE}/order/${order.id}/actions/read`, headers: { 'idempotency-key': newKey() } });
    expect(res.statusCode).toBe(200);
    expect((await page(OWNER)).find((o) => o.id === order.id)!.read).toBe(true);
  });

  it('a change recorded outside any request is in the very next page', async () => {
    const order = unread(await page(OWNER));
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ buyer_read: 1 }).where('id', '=', order.id).execute();
      const rev = await recordChange(trx, { entity: 'order', key: String(order.id), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: WESTMERE }] });
      await trx.updateTable('orders').set({ rev }).where('id', '=', order.id).execute();
    });
    expect((await page(OWNER)).find((o) => o.id === order.id)!.read).toBe(true);
  });

  it('a remembered page is never given to someone who may not read it', async () => {
    expect((await page(OWNER)).length).toBe(20);
    for (const user of [ACTORS.buyer.sameType, ACTORS.buyer.otherType]) {
      expect((await t.as(user, { method: 'GET', url: PAGE })).statusCode).toBe(403);
    }
    expect((await t.as(null, { method: 'GET', url: PAGE })).statusCode).toBe(401);
    // The other buyer's own first page is its own, not the one remembered for Westmere.
    const other = await t.as(ACTORS.buyer.sameType, { method: 'GET', url: PAGE.replace(WESTMERE, NORTHGATE) });
    expect(other.statusCode).toBe(200);
    const otherRows = z.array(orderSummarySchema).parse(other.json());
    expect(otherRows.length).toBeGreaterThan(0);
    expect(otherRows.every((o) => o.buyerId === NORTHGATE)).toBe(true);
    // Support acting as the buyer reads the same page as the buyer.
    expect(await page(SUPPORT)).toEqual(await page(OWNER));
  });

  it("another page, or the other side's list, is not the remembered page", async () => {
    const first = await page(OWNER);
    const res = await t.as(OWNER, { method: 'GET', url: `/api/buyer/${WESTMERE}/order?offset=20&limit=20` });
    const second = z.array(orderSummarySchema).parse(res.json());
    expect(second.some((o) => first.some((f) => f.id === o.id))).toBe(false);
    const seller = ACTORS.seller.owner;
    const sellerPage = z.array(orderSummarySchema).parse((await t.as(seller, { method: 'GET', url: `/api/seller/${ACME}/order?offset=0&limit=20` })).json());
    expect(sellerPage.every((o) => o.sellerId === ACME)).toBe(true);
  });

  it('a remembered page goes out compressed to a client that asks, and reads as the same page', async () => {
    const plain = await page(OWNER);
    const res = await t.as(OWNER, { method: 'GET', url: PAGE, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain);
  });
});
