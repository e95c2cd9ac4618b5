import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameShape } from '../../src/api/same-shape';
import { productPageSchema, type ProductWrapper } from '../../src/domain/schemas/catalogue';
import { pricesWire, productWire } from '../../server/catalogue/products';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { migrateTo, migrateToLatest } from '../../server/db/migrations';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';
import { OLD_PRODUCT_COLUMNS } from './helpers/old-product-row';

/**
 * Product pages are made from each product's stored wire JSON (products.wire) and its
 * prices' (products.prices_wire). These
 * check that the wrappers a page answers are the spec's, field by field from the
 * tables, and that every writer of what a page shows is seen at once: the demo seed
 * and the migration (the only writers of product columns), price files (which rewrite
 * the prices JSON), includes and category trees (read live with each page).
 */
let t: TestApp;
const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'supplier@acme.demo.test';
const BUY = 'buyer@uni.demo.test';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 30, dataDir: t.config.dataDir });
});
afterAll(async () => {
  await t.close();
});

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const FLAGS = new Set(['dangerousGoodsFlag', 'hazardousMaterialFlag', 'radioActiveFlag']);
const LISTS = new Set(['barcodes', 'urls', 'assets']);

/** The spec's Product as the columns of its row say it, mapped here by name, not by the server's code. */
function expectedProduct(row: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = row[field === 'sellerId' ? 'seller_key' : snake(field)];
      if (value === undefined) throw new Error(`no column for ${field}`);
      if (FLAGS.has(field)) return [field, value === null ? null : value === 1];
      if (LISTS.has(field)) return [field, JSON.parse(value as string)];
      return [field, value];
    }),
  );
}

async function page(url: string, user: string, limit = 500) {
  const res = await t.as(user, { method: 'GET', url: `${url}?limit=${limit}` });
  expect(res.statusCode).toBe(200);
  const body: unknown = res.json();
  const parsed = productPageSchema.parse(body);
  // Nothing the schema does not name, and nothing it names left out.
  expect(sameShape(body, parsed)).toBe(true);
  return parsed.data;
}

const sellerPage = () => page(`/api/seller/${SELLER}/product`, SUPPLIER);
const buyerPage = () => page(`/api/buyer/${BUYER}/seller/${SELLER}/product`, BUY);
const byCode = (data: ProductWrapper[], code: string) => data.find((w) => w.product.productCode === code)!;

describe('product pages made from stored wire JSON', () => {
  it('answer every product field as its row holds it, in both views', async () => {
    const rows = await t.db.selectFrom('products').selectAll().where('seller_key', '=', SELLER).orderBy('product_code').execute();
    for (const data of [await sellerPage(), await buyerPage()]) {
      expect(data.map((w) => w.product.productCode)).toEqual(rows.map((r) => r.product_code));
      data.forEach((w, i) => expect(w.product).toEqual(expectedProduct(rows[i]!, Object.keys(w.product))));
      expect(Object.keys(data[0]!)).toEqual(['product', 'meta', 'prices', 'uomMapping', 'productCategoryDescription', 'priceDiscrepancyTable']);
    }
  });

  it('keep the seller view free of buyer parts and give the buyer its meta and discrepancies', async () => {
    const seller = await sellerPage();
    expect(seller.every((w) => w.meta === null && w.priceDiscrepancyTable.length === 0)).toBe(true);
    const metas = await t.db.selectFrom('product_meta').selectAll().where('buyer_key', '=', BUYER).where('seller_key', '=', SELLER).execute();
    expect(metas.length).toBeGreaterThan(0);
    const buyer = await buyerPage();
    for (const m of metas) {
      expect(byCode(buyer, m.product_code).meta).toEqual({
        excluded: m.excluded === 1,
        productCode: m.product_code,
        buyerSellerId: `${BUYER}:${SELLER}`,
        contractPrices: JSON.parse(m.contract_prices),
        lastExportedEpochMilliSeconds: m.last_exported_ms === null ? null : Number(m.last_exported_ms),
      });
    }
    const prices = await t.db.selectFrom('seller_prices').selectAll().where('seller_key', '=', SELLER).orderBy('id').execute();
    for (const w of [...seller, ...buyer]) {
      const own = prices.filter((p) => p.product_code === w.product.productCode);
      expect(w.prices).toEqual(
        own.map((p) => ({ uom: p.uom, lowerQuantity: p.lower_quantity, upperQuantity: p.upper_quantity, price: p.price, startDate: p.start_date, currency: p.currency })),
      );
    }
  });

  it('are written by the demo seed for every product, with its prices', async () => {
    const rows = await t.db.selectFrom('products').selectAll().execute();
    expect(rows.length).toBeGreaterThan(30);
    const prices = await t.db.selectFrom('seller_prices').selectAll().orderBy('id').execute();
    for (const row of rows) {
      expect(row.wire).toBe(productWire(row));
      expect(row.prices_wire).toBe(pricesWire(prices.filter((p) => p.seller_key === row.seller_key && p.product_code === row.product_code)));
    }
  });

  it('show a price file, an include and a category tree at once', async () => {
    const code = (await sellerPage())[3]!.product.productCode;
    const { uploadUrl } = (await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` })).json() as { uploadUrl: string };
    const csv = `productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${code},EA,2026-01-01,1,,7.77\n`;
    const upload = await t.as(null, { method: 'PUT', url: uploadUrl, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(csv) });
    await t.app.jobRunner.runPending();
    expect((await t.db.selectFrom('jobs').select('state').where('id', '=', upload.json().jobId).executeTakeFirstOrThrow()).state).toBe('done');
    const expectedPrices = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 7.77, startDate: '2026-01-01', currency: 'AUD' }];
    expect(byCode(await sellerPage(), code).prices).toEqual(expectedPrices);
    expect(byCode(await buyerPage(), code).prices).toEqual(expectedPrices);

    const include = await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`, payload: { excluded: true } });
    expect(include.statusCode).toBe(200);
    expect(byCode(await buyerPage(), code).meta).toMatchObject({ excluded: true, productCode: code });
    expect(byCode(await sellerPage(), code).meta).toBeNull();

    const group = byCode(await buyerPage(), code).productCategoryDescription.group!;
    const treeUrl = ((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/category-tree/action/upload-url` })).json() as { uploadUrl: string }).uploadUrl;
    const tree = JSON.stringify([{ code: group.code, description: 'Our own name', children: [] }]);
    const treeJob = await t.as(null, { method: 'PUT', url: treeUrl, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(tree) });
    await t.app.jobRunner.runPending();
    expect((await t.db.selectFrom('jobs').select('state').where('id', '=', treeJob.json().jobId).executeTakeFirstOrThrow()).state).toBe('done');
    expect(byCode(await buyerPage(), code).productCategoryDescription.group).toEqual({ code: group.code, description: 'Our own name' });
    // The supplier's names stay the supplier's.
    expect(byCode(await sellerPage(), code).productCategoryDescription.group).toEqual(group);
  });
});

describe('the migration that adds the wire columns', () => {
  it('writes the wire JSON and prices JSON of products a database held before it', async () => {
    const { db, drop } = await createTestDatabase(mkdtempSync(join(tmpdir(), 'portal-wire-')));
    try {
      await migrateTo(db, '0015-edi-payloads');
      // Written as the release before the column wrote it: without `wire`.
      await db.insertInto('products').values({ ...OLD_PRODUCT_COLUMNS, search: 'old-1 old glove', updated_at: '2026-01-01', rev: 0, deleted: 0 } as never).execute();
      const price = { seller_key: 'SUPOLD', product_code: 'OLD-1', uom: 'EA', lower_quantity: 1, upper_quantity: null, price: 2.5, start_date: '2026-01-01', currency: 'AUD' };
      await db.insertInto('seller_prices').values([price, { ...price, lower_quantity: 10, price: 2.25 }]).execute();
      await migrateToLatest(db);
      const row = await db.selectFrom('products').selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(row.prices_wire)).toEqual([
        { uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 2.5, startDate: '2026-01-01', currency: 'AUD' },
        { uom: 'EA', lowerQuantity: 10, upperQuantity: null, price: 2.25, startDate: '2026-01-01', currency: 'AUD' },
      ]);
      expect(JSON.parse(row.wire)).toEqual(expectedProduct(row, Object.keys(JSON.parse(productWire(row)) as object)));
      expect(JSON.parse(row.wire)).toMatchObject({ productCode: 'OLD-1', sellerId: 'SUPOLD', dangerousGoodsFlag: false, radioActiveFlag: true, comments: 'Keep dry' });
    } finally {
      await drop();
    }
  });
});
