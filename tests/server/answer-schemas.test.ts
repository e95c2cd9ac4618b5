import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageSchema } from '../../src/domain/schemas/catalogue';
import { orderSummarySchema } from '../../src/domain/schemas/orders';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { ACME, ACTORS, WESTMERE } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The hot reads are written by serialisers compiled from their domain schemas
 * (server/http/schema-compilers.ts): every field the client reads must still arrive, with
 * its JSON type, and nothing else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
  await seedCatalogue(t.db, { products: 30 });
});
afterAll(() => t.close());

const keysOf = (value: object) => Object.keys(value).sort();

describe('answers written from their schemas', () => {
  it('the order list: every field of an order summary, typed as the schema says, and no other', async () => {
    for (const side of ['buyer', 'seller'] as const) {
      const org = side === 'buyer' ? WESTMERE : ACME;
      const res = await t.as(ACTORS[side].owner, { method: 'GET', url: `/api/${side}/${org}/order?offset=0&limit=20` });
      expect(res.statusCode).toBe(200);
      const rows = res.json<Array<Record<string, unknown>>>();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(keysOf(row)).toEqual(keysOf(orderSummarySchema.shape));
        expect(orderSummarySchema.strict().safeParse(row).success).toBe(true);
      }
    }
  });

  it("the buyer's and the supplier's product pages: wrappers with metas, prices and discrepancies intact", async () => {
    const buyer = await t.as(ACTORS.buyer.owner, { method: 'GET', url: `/api/buyer/${WESTMERE}/seller/${ACME}/product?limit=20` });
    const seller = await t.as(ACTORS.seller.owner, { method: 'GET', url: `/api/seller/${ACME}/product?limit=20` });
    for (const res of [buyer, seller]) {
      expect(res.statusCode).toBe(200);
      expect(productPageSchema.safeParse(res.json()).success).toBe(true);
    }
    const page = productPageSchema.parse(buyer.json());
    expect(page.data).toHaveLength(20);
    expect(page.cursor).not.toBeNull();
    // The demo catalogue gives the buyer metas with contract prices and the supplier tiered prices.
    expect(page.data.some((w) => w.meta !== null && w.meta.contractPrices.length > 0)).toBe(true);
    expect(page.data.some((w) => w.priceDiscrepancyTable.length > 0)).toBe(true);
    expect(page.data.every((w) => w.prices.length > 0 && w.product.sellerId === ACME)).toBe(true);
    // The JSON as sent, not as parsed: a wrapper carries exactly the schema's fields.
    const sent = (buyer.json() as { data: Array<Record<string, unknown>> }).data[0]!;
    expect(keysOf(sent)).toEqual(['meta', 'priceDiscrepancyTable', 'prices', 'product', 'productCategoryDescription', 'uomMapping']);
  });

  it('a large page (prices and metas read as one code range) holds each product exactly as its own detail call does, a deleted one in the range left out', async () => {
    const all = await t.as(ACTORS.buyer.owner, { method: 'GET', url: `/api/buyer/${WESTMERE}/seller/${ACME}/product?limit=500` });
    const codes = productPageSchema.parse(all.json()).data.map((w) => w.product.productCode);
    const gone = codes[10]!;
    await t.db.updateTable('products').set({ deleted: 1 }).where('seller_key', '=', ACME).where('product_code', '=', gone).execute();
    const page = productPageSchema.parse((await t.as(ACTORS.buyer.owner, { method: 'GET', url: `/api/buyer/${WESTMERE}/seller/${ACME}/product?limit=500` })).json());
    expect(page.data.map((w) => w.product.productCode)).toEqual(codes.filter((c) => c !== gone));
    for (const wrapper of page.data) {
      const one = await t.as(ACTORS.buyer.owner, { method: 'GET', url: `/api/buyer/${WESTMERE}/seller/${ACME}/product/${wrapper.product.productCode}` });
      expect(wrapper).toEqual(one.json());
    }
    await t.db.updateTable('products').set({ deleted: 0 }).where('seller_key', '=', ACME).where('product_code', '=', gone).execute();
  });
});
