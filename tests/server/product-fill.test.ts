import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shownDiscrepancies } from '../../src/domain/product-display';
import { productPageSchema, type ProductWrapper } from '../../src/domain/schemas/catalogue';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { decodeFillMetas, decodeFillProducts, fillChunkSchema, fillPlanSchema, fillRowJson } from '../../src/domain/schemas/product-fill';
import { today } from '../../server/catalogue/products';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { isPostgres } from '../../server/db/database';
import { oneStepCompressions } from '../../server/http/compression';
import { migrateTo, migrateToLatest } from '../../server/db/migrations';
import { createTestDatabase } from './helpers/test-database';
import { createTestApp, type TestApp } from './helpers/test-app';
import { OLD_PRODUCT_COLUMNS } from './helpers/old-product-row';
import { recordChange } from '../../server/sync/change-log';

/**
 * The catalogue fill (our calls, not the spec's): a plan of key ranges, then compact
 * chunks. A whole fill must say what the spec's list says of every product, in each
 * view, read live (a writer's change shows in the next chunk), to whom the list answers only.
 */
let t: TestApp;
const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'supplier@acme.demo.test';
const BUY = 'buyer@uni.demo.test';
const sellerBase = `/api/seller/${SELLER}`;
const buyerBase = `/api/buyer/${BUYER}/seller/${SELLER}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 45, dataDir: t.config.dataDir });
});
afterAll(async () => {
  await t.close();
});

async function listed(base: string, user: string): Promise<ProductWrapper[]> {
  const res = await t.as(user, { method: 'GET', url: `${base}/product?limit=500` });
  expect(res.statusCode).toBe(200);
  return productPageSchema.parse(res.json()).data;
}

/**
 * A whole fill, chunk by chunk as the plan splits it, laid out as the spec's wrappers, each
 * product's discrepancy table compared as the browser's screens do (the chunks carry
 * prices and contract prices, not the table); and the answers' bytes.
 */
async function filled(base: string, user: string, size: number, buyerSellerId: string | null) {
  const planned = await t.as(user, { method: 'GET', url: `${base}/products/fill?size=${size}` });
  expect(planned.statusCode).toBe(200);
  const plan = fillPlanSchema.parse(planned.json());
  const wrappers: ProductWrapper[] = [];
  let bytes = 0;
  for (let i = 0; i <= plan.bounds.length; i++) {
    const query = new URLSearchParams();
    if (i > 0) query.set('from', plan.bounds[i - 1]!);
    if (i < plan.bounds.length) query.set('to', plan.bounds[i]!);
    const res = await t.as(user, { method: 'GET', url: `${base}/products/fill/chunk?${query}` });
    expect(res.statusCode).toBe(200);
    bytes += res.body.length;
    const chunk = fillChunkSchema.parse(res.json());
    const metas = new Map(buyerSellerId ? decodeFillMetas(chunk, buyerSellerId).map((m) => [m.productCode, m]) : []);
    for (const p of decodeFillProducts(chunk, SELLER)) {
      const meta = metas.get(p.product.productCode) ?? null;
      const priceDiscrepancyTable = shownDiscrepancies(undefined, p.prices, meta?.contractPrices, today());
      wrappers.push({ product: p.product, meta, prices: p.prices, uomMapping: p.uomMapping, productCategoryDescription: p.productCategoryDescription, priceDiscrepancyTable });
    }
  }
  return { plan, wrappers, bytes };
}

const put = (url: string, text: string) =>
  t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(text) });

/** Uploads a file to an upload-url call and runs its job. */
async function uploaded(orgKey: string, user: string, uploadUrlPath: string, text: string) {
  const { uploadUrl } = (await t.as(user, { method: 'POST', url: uploadUrlPath })).json() as { uploadUrl: string };
  const { jobId } = (await put(uploadUrl, text)).json() as { jobId: number };
  await t.app.jobRunner.runPending();
  return jobSchema.parse((await t.as(user, { method: 'GET', url: `/api/org/${orgKey}/job/${jobId}` })).json());
}

describe('the catalogue fill', () => {
  it('splits the catalogue up front and says of every product what the list says, in the supplier view', async () => {
    const { plan, wrappers } = await filled(sellerBase, SUPPLIER, 10, null);
    expect(plan).toMatchObject({ size: 10, count: 45 });
    expect(plan.bounds).toHaveLength(4);
    const list = await listed(sellerBase, SUPPLIER);
    expect(wrappers).toEqual(list);
  });

  it('plans chunks of any size from the live codes in code order, a catalogue of exactly so many chunks with no empty one after it', async () => {
    const codes = (await listed(sellerBase, SUPPLIER)).map((w) => w.product.productCode);
    for (const size of [1, 15, 44, 45, 46]) {
      const res = await t.as(SUPPLIER, { method: 'GET', url: `${sellerBase}/products/fill?size=${size}` });
      const expected = codes.filter((_, i) => i > 0 && i % size === 0);
      expect(fillPlanSchema.parse(res.json())).toEqual({ size, count: codes.length, bounds: expected });
    }
  });

  it('remembers a plan for the revision it was made at: a product gone with its change recorded leaves the next plan', async () => {
    const ask = async () => fillPlanSchema.parse((await t.as(BUY, { method: 'GET', url: `${buyerBase}/products/fill?size=10` })).json());
    const before = await ask();
    expect(await ask()).toEqual(before);
    const gone = before.bounds[0]!;
    const live = (deleted: number) =>
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ deleted }).where('seller_key', '=', SELLER).where('product_code', '=', gone).execute();
        await recordChange(trx, { entity: 'product', key: `${SELLER}:${gone}`, op: deleted ? 'delete' : 'upsert', scopes: [{ kind: 'seller', orgKey: SELLER }] });
      });
    await live(1);
    try {
      const after = await ask();
      expect(after.count).toBe(before.count - 1);
      expect(after.bounds).not.toContain(gone);
    } finally {
      await live(0);
    }
    expect(await ask()).toEqual(before);
  });

  it('sends a chunk compressed as the browser accepts, brotli before gzip, the same JSON either way', async () => {
    const url = `${buyerBase}/products/fill/chunk`;
    const plain = await t.as(BUY, { method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const asked = async (acceptEncoding: string) => t.as(BUY, { method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await asked('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await asked('identity')).headers['content-encoding']).toBeUndefined();
  });

  describe('negotiates a chunk as the compress plugin does every other answer', () => {
    const url = `${buyerBase}/products/fill/chunk`;
    const asked = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') => t.as(BUY, { method, url, headers });

    it('answers HEAD with the headers of GET and no body', async () => {
      const get = await asked({ 'accept-encoding': 'br' });
      const head = await asked({ 'accept-encoding': 'br' }, 'HEAD');
      expect(head.statusCode).toBe(200);
      for (const name of ['content-encoding', 'content-type', 'vary']) expect(head.headers[name]).toBe(get.headers[name]);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.rawPayload).toHaveLength(0);
    });

    it.each([
      ['X-GZIP', 'gzip'],
      ['*', 'gzip'],
      ['GZIP;q=1, BR;q=0.5', 'gzip'],
      ['Br', 'br'],
    ])('reads %j as %s, and compresses in one step', async (acceptEncoding, encoding) => {
      const plain = await asked({});
      const oneStep = vi.spyOn(zlib, encoding === 'br' ? 'brotliCompress' : 'gzip');
      try {
        const res = await asked({ 'accept-encoding': acceptEncoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toBe('accept-encoding');
        const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(body.toString('utf8')).toBe(plain.body);
        expect(oneStep).toHaveBeenCalledTimes(1);
      } finally {
        oneStep.mockRestore();
      }
    });

    it('sends the JSON as it is to a client that asks for no compression', async () => {
      const plain = await asked({});
      const res = await asked({ 'accept-encoding': 'br, gzip', 'x-no-compression': '1' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    });
  });

  it('compresses 2 chunks at a time, the others waiting their turn', async () => {
    const url = `${buyerBase}/products/fill/chunk`;
    const plain = await t.as(BUY, { method: 'GET', url });
    // Each brotli job is held until the test lets it run.
    const held: Array<() => void> = [];
    const brotliCompress = zlib.brotliCompress;
    const spy = vi.spyOn(zlib, 'brotliCompress').mockImplementation(((input: Buffer, options: zlib.BrotliOptions, done: zlib.CompressCallback) => {
      held.push(() => brotliCompress(input, options, done));
    }) as typeof zlib.brotliCompress);
    try {
      const answers = Promise.all(Array.from({ length: 4 }, () => t.as(BUY, { method: 'GET', url, headers: { 'accept-encoding': 'br' } })));
      await vi.waitFor(() => expect(oneStepCompressions.waiting).toBe(2));
      expect(held).toHaveLength(2);
      held.shift()!();
      await vi.waitFor(() => expect(held).toHaveLength(2));
      expect(oneStepCompressions.waiting).toBe(1);
      for (let released = 1; released < 4; released++) {
        await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
        held.shift()!();
      }
      for (const res of await answers) expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(spy).toHaveBeenCalledTimes(4);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes field names once a chunk: under half the bytes of the list', async () => {
    const { bytes } = await filled(sellerBase, SUPPLIER, 500, null);
    const listBytes = (await t.as(SUPPLIER, { method: 'GET', url: `${sellerBase}/product?limit=500` })).body.length;
    expect(bytes).toBeLessThan(listBytes / 2);
  });

  it('gives the buyer its metas and discrepancies, as the list does', async () => {
    const { wrappers } = await filled(buyerBase, BUY, 7, `${BUYER}:${SELLER}`);
    const list = await listed(buyerBase, BUY);
    expect(list.some((w) => w.meta !== null)).toBe(true);
    expect(list.some((w) => w.meta && w.meta.contractPrices.length > 0)).toBe(true);
    expect(wrappers).toEqual(list);
  });

  it("says the list's discrepancies once the browser compares the chunk's prices and contract prices", async () => {
    const curated = (await listed(buyerBase, BUY)).filter((w) => w.meta !== null && w.prices.length > 0);
    const [higher, unpriced] = curated;
    const contract = (w: ProductWrapper, uom: string, price: number) =>
      JSON.stringify([{ uom, quantity: 1, price, effectiveDate: '2026-01-01', currency: w.prices[0]!.currency }]);
    const meta = (code: string) => t.db.updateTable('product_meta').where('buyer_key', '=', BUYER).where('seller_key', '=', SELLER).where('product_code', '=', code);
    // One contract price the seller prices differently, one in a unit the seller does not price.
    await meta(higher!.product.productCode).set({ contract_prices: contract(higher!, higher!.prices[0]!.uom, higher!.prices[0]!.price + 1) }).execute();
    await meta(unpriced!.product.productCode).set({ contract_prices: contract(unpriced!, 'NOSUCHUOM', 5) }).execute();
    try {
      const list = await listed(buyerBase, BUY);
      expect(list.filter((w) => w.priceDiscrepancyTable.length > 0).map((w) => w.priceDiscrepancyTable[0]!.sellerPrice === null)).toEqual([false, true]);
      expect((await filled(buyerBase, BUY, 7, `${BUYER}:${SELLER}`)).wrappers).toEqual(list);
    } finally {
      await meta(higher!.product.productCode).set({ contract_prices: higher!.meta!.contractPrices.length ? JSON.stringify(higher!.meta!.contractPrices) : '[]' }).execute();
      await meta(unpriced!.product.productCode).set({ contract_prices: unpriced!.meta!.contractPrices.length ? JSON.stringify(unpriced!.meta!.contractPrices) : '[]' }).execute();
    }
  });

  it('reads live: an include made after the plan shows in the next chunk', async () => {
    const list = await listed(buyerBase, BUY);
    const code = list.find((w) => w.meta === null)!.product.productCode;
    expect((await t.as(BUY, { method: 'POST', url: `${buyerBase}/meta/${code}`, payload: { excluded: false } })).statusCode).toBe(200);
    const { wrappers } = await filled(buyerBase, BUY, 500, `${BUYER}:${SELLER}`);
    expect(wrappers.find((w) => w.product.productCode === code)?.meta).toMatchObject({ excluded: false, productCode: code });
    expect(wrappers).toEqual(await listed(buyerBase, BUY));
  });

  it("shows a price file's prices (each product's stored fill row is rewritten by the import)", async () => {
    const code = (await listed(sellerBase, SUPPLIER))[3]!.product.productCode;
    const csv = `productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${code},EA,2026-01-01,1,,7.25\n`;
    expect((await uploaded(SELLER, SUPPLIER, `${sellerBase}/ppo/action/upload-url`, csv)).state).toBe('done');
    for (const [base, user, buyerSellerId] of [[sellerBase, SUPPLIER, null], [buyerBase, BUY, `${BUYER}:${SELLER}`]] as const) {
      const { wrappers } = await filled(base, user, 20, buyerSellerId);
      expect(wrappers.find((w) => w.product.productCode === code)?.prices).toEqual([
        { uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 7.25, startDate: '2026-01-01', currency: 'AUD' },
      ]);
      expect(wrappers).toEqual(await listed(base, user));
    }
  });

  it("shows the buyer's category names once its tree is imported", async () => {
    const crumb = (await listed(buyerBase, BUY))[0]!.productCategoryDescription.catalog!;
    const tree = `code,description,parentCode\n${crumb.code},Our own name,\n`;
    expect((await uploaded(BUYER, BUY, `/api/buyer/${BUYER}/category-tree/action/upload-url`, tree)).state).toBe('done');
    const { wrappers } = await filled(buyerBase, BUY, 20, `${BUYER}:${SELLER}`);
    expect(wrappers[0]!.productCategoryDescription.catalog).toEqual({ code: crumb.code, description: 'Our own name' });
    expect(wrappers).toEqual(await listed(buyerBase, BUY));
  });

  it('tells breadcrumbs apart by all their levels and descriptions, missing ones and quotes included', async () => {
    const codes = (await listed(sellerBase, SUPPLIER)).slice(0, 4).map((w) => w.product.productCode);
    const product = (code: string) => t.db.updateTable('products').where('seller_key', '=', SELLER).where('product_code', '=', code);
    const before = await t.db.selectFrom('products').select(['product_code', 'catalog_code', 'class_code', 'category_code', 'group_code', 'category_descriptions']).where('seller_key', '=', SELLER).where('product_code', 'in', codes).execute();
    // One chunk: no breadcrumb at all, only a catalog, the same codes with other descriptions, and codes that a joined text would run together.
    await product(codes[0]!).set({ catalog_code: null, class_code: null, category_code: null, group_code: null, category_descriptions: null }).execute();
    await product(codes[1]!).set({ catalog_code: 'X|Y', class_code: null, category_code: null, group_code: null, category_descriptions: '{"catalog":"Say \\"X\\""}' }).execute();
    await product(codes[2]!).set({ catalog_code: 'X', class_code: 'Y', category_code: null, group_code: null, category_descriptions: null }).execute();
    await product(codes[3]!).set({ catalog_code: 'X|Y', class_code: null, category_code: null, group_code: null, category_descriptions: '{"catalog":"Other"}' }).execute();
    try {
      for (const [base, user, buyerSellerId] of [[sellerBase, SUPPLIER, null], [buyerBase, BUY, `${BUYER}:${SELLER}`]] as const) {
        const { wrappers } = await filled(base, user, 500, buyerSellerId);
        expect(codes.map((code) => wrappers.find((w) => w.product.productCode === code)!.productCategoryDescription.catalog?.description ?? null)).toEqual([null, 'Say "X"', 'X', 'Other']);
        expect(wrappers).toEqual(await listed(base, user));
      }
    } finally {
      for (const { product_code, ...columns } of before) await product(product_code).set(columns).execute();
    }
  });

  it('has every product written before the fill row existed given one by the migration', async () => {
    const { db, drop } = await createTestDatabase(mkdtempSync(join(tmpdir(), 'portal-fill-')));
    try {
      await migrateTo(db, '0016-product-wire');
      // Written as the release before the column: without `fill_wire`.
      await db.insertInto('products').values({ ...OLD_PRODUCT_COLUMNS, search: 'old-1 old glove', wire: '', prices_wire: '[]', updated_at: '2026-01-01', rev: 0, deleted: 0 } as never).execute();
      const price = { seller_key: 'SUPOLD', product_code: 'OLD-1', uom: 'EA', lower_quantity: 1, upper_quantity: null, price: 2.5, start_date: '2026-01-01', currency: 'AUD' };
      await db.insertInto('seller_prices').values(price).execute();
      await migrateToLatest(db);
      const row = await db.selectFrom('products').select('fill_wire').executeTakeFirstOrThrow();
      const product = {
        productCode: 'OLD-1', sellerId: 'SUPOLD', description: 'Old glove', longDescription: null, otherName: null, unitOfMeasure: 'EA',
        flagCode: 'A', taxable: 'Y', leadTime: 3, warrentyPeriod: null, unavailableFromDate: null, unavailableToDate: null,
        chemicalClassifications: null, chemManagementPlatformId: null, casNumbers: null, dangerousGoodsFlag: false,
        hazardousMaterialFlag: null, radioActiveFlag: true, weight: 12, weightUnit: 'g', width: null, widthUnit: null, height: null,
        heightUnit: null, depth: null, depthUnit: null, length: null, lengthUnit: null, message: null, comments: 'Keep dry',
        barcodes: [{ uom: 'EA', code: '9300000000001', type: 'EAN13' }], urls: [], assets: [],
      };
      expect(row.fill_wire).toBe(fillRowJson(product, [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 2.5, startDate: '2026-01-01', currency: 'AUD' }]));
    } finally {
      await drop();
    }
  });

  it('answers only whom the list answers', async () => {
    for (const path of ['/products/fill', '/products/fill/chunk']) {
      expect((await t.as(SUPPLIER, { method: 'GET', url: `${sellerBase}${path}` })).statusCode).toBe(200);
      expect((await t.as('support@demo.test', { method: 'GET', url: `${sellerBase}${path}` })).statusCode).toBe(200);
      expect((await t.as('admin@biolab.demo.test', { method: 'GET', url: `${sellerBase}${path}` })).statusCode).toBe(403);
      expect((await t.as(BUY, { method: 'GET', url: `${sellerBase}${path}` })).statusCode).toBe(403);
      expect((await t.as(null, { method: 'GET', url: `${sellerBase}${path}` })).statusCode).toBe(401);
      expect((await t.as(BUY, { method: 'GET', url: `${buyerBase}${path}` })).statusCode).toBe(200);
      expect((await t.as('buyer@northgate.demo.test', { method: 'GET', url: `${buyerBase}${path}` })).statusCode).toBe(403);
      expect((await t.as(SUPPLIER, { method: 'GET', url: `${buyerBase}${path}` })).statusCode).toBe(403);
      expect((await t.as('newbuyer@uni.demo.test', { method: 'GET', url: `${buyerBase}${path}` })).statusCode).toBe(403);
      // A university in the seller position is no supplier.
      expect((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/UNINORTHGATE${path}` })).statusCode).toBe(404);
    }
    // Another buyer's metas never come along: Northgate's fill of the same supplier carries its own only.
    const res = await t.as('buyer@northgate.demo.test', { method: 'GET', url: `/api/buyer/UNINORTHGATE/seller/${SELLER}/products/fill/chunk` });
    const chunk = fillChunkSchema.parse(res.json());
    const own = await t.db.selectFrom('product_meta').select('product_code').where('buyer_key', '=', 'UNINORTHGATE').where('seller_key', '=', SELLER).execute();
    expect(decodeFillMetas(chunk, `UNINORTHGATE:${SELLER}`).map((m) => m.productCode).sort()).toEqual(own.map((m) => m.product_code).sort());
  });

  it("pairs each meta with its own product when a product with the buyer's meta is gone from the range", async () => {
    const list = await listed(buyerBase, BUY);
    // Between other products with metas, so the metas after it must still find their rows.
    const withMeta = list.filter((w) => w.meta !== null);
    const gone = withMeta[Math.floor(withMeta.length / 2)]!.product.productCode;
    await t.db.updateTable('products').set({ deleted: 1 }).where('seller_key', '=', SELLER).where('product_code', '=', gone).execute();
    try {
      for (const size of [7, 500]) {
        const { wrappers } = await filled(buyerBase, BUY, size, `${BUYER}:${SELLER}`);
        expect(wrappers.some((w) => w.product.productCode === gone)).toBe(false);
        expect(wrappers).toEqual(list.filter((w) => w.product.productCode !== gone));
      }
    } finally {
      await t.db.updateTable('products').set({ deleted: 0 }).where('seller_key', '=', SELLER).where('product_code', '=', gone).execute();
    }
  });

  it("leaves out a meta the buyer's tombstone ended, and keeps its product", async () => {
    const list = await listed(buyerBase, BUY);
    const ended = list.find((w) => w.meta !== null)!.product.productCode;
    const meta = () => t.db.updateTable('product_meta').where('buyer_key', '=', BUYER).where('seller_key', '=', SELLER).where('product_code', '=', ended);
    await meta().set({ deleted: 1 }).execute();
    try {
      const { wrappers } = await filled(buyerBase, BUY, 500, `${BUYER}:${SELLER}`);
      expect(wrappers.find((w) => w.product.productCode === ended)).toMatchObject({ meta: null, priceDiscrepancyTable: [] });
      expect(wrappers).toEqual(await listed(buyerBase, BUY));
    } finally {
      await meta().set({ deleted: 0 }).execute();
    }
  });

  it("plans from the products' index alone, never looking up a product's row, with `deleted` bound as the queries bind it", async () => {
    if (isPostgres(t.db)) return;
    const plan = await sql<{ detail: string }>`explain query plan select product_code from products where seller_key = ${SELLER} and deleted = ${0} order by product_code`.execute(t.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toContain('USING COVERING INDEX products_seller_deleted_code (seller_key=? AND deleted=?)');
  });

  it('refuses a bad size', async () => {
    expect((await t.as(SUPPLIER, { method: 'GET', url: `${sellerBase}/products/fill?size=0` })).statusCode).toBe(400);
  });
});
