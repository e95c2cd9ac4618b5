import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueErrors } from '../../src/domain/rules/catalogue';
import { categoryTreeSchema, productPageSchema, productWrapperSchema } from '../../src/domain/schemas/catalogue';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { catalogueExportDir } from '../../server/jobs/catalogue/catalogue-export';
import { createTestApp, type TestApp } from './helpers/test-app';
import { sheetRows } from './helpers/sheet-rows';

let t: TestApp;
const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const PRODUCTS = 45;
const SUPPLIER = 'supplier@acme.demo.test';
const BUY = 'buyer@uni.demo.test';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: PRODUCTS, dataDir: t.config.dataDir });
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, text: string) =>
  t.as(null, { method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(text) });

async function job(orgKey: string, user: string, jobId: number) {
  await t.app.jobRunner.runPending();
  const res = await t.as(user, { method: 'GET', url: `/api/org/${orgKey}/job/${jobId}` });
  expect(res.statusCode).toBe(200);
  return jobSchema.parse(res.json());
}

async function allPages(url: string, user: string, limit: number) {
  const codes: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await t.as(user, { method: 'GET', url: `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode).toBe(200);
    const page = productPageSchema.parse(res.json());
    codes.push(...page.data.map((w) => w.product.productCode));
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { codes, pages };
}

describe('product lists', () => {
  it('pages a supplier catalogue with a cursor to the end', async () => {
    const { codes, pages } = await allPages(`/api/seller/${SELLER}/product`, SUPPLIER, 20);
    expect(pages).toBe(3);
    expect(codes).toHaveLength(PRODUCTS);
    expect(new Set(codes).size).toBe(PRODUCTS);
    expect([...codes].sort()).toEqual(codes);
  });

  it('answers complete products: every field, images that download, EAN-13 barcodes', async () => {
    const res = await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?limit=45` });
    const page = productPageSchema.parse(res.json());
    const withImage = page.data.find((w) => w.product.assets.length > 0)!;
    const img = await t.as(null, { method: 'GET', url: withImage.product.assets[0]!.downloadUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    for (const w of page.data) {
      expect(w.meta).toBeNull();
      expect(w.prices.length).toBeGreaterThan(0);
      expect(w.productCategoryDescription.group).not.toBeNull();
      for (const b of w.product.barcodes) {
        const digits = b.code.split('').map(Number);
        const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
        expect(digits[12]).toBe((10 - (sum % 10)) % 10);
      }
    }
    expect(page.data.some((w) => w.product.casNumbers)).toBe(true);
  });

  it('searches code and description with q', async () => {
    const res = await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?q=ETHANOL&limit=100` });
    const page = productPageSchema.parse(res.json());
    expect(page.data.length).toBeGreaterThan(0);
    page.data.forEach((w) => expect(w.product.description!.toLowerCase()).toContain('ethanol'));
    const byCode = productPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?q=acm-100001` })).json());
    expect(byCode.data.map((w) => w.product.productCode)).toEqual(['ACM-100001']);
    const literal = productPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?q=%25` })).json());
    expect(literal.data.every((w) => w.product.description!.includes('%'))).toBe(true);
  });

  it('rejects a bad cursor and a limit over the maximum', async () => {
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?cursor=zzz` })).statusCode).toBe(400);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product?limit=501` })).statusCode).toBe(400);
  });

  it('shows a buyer the products with meta, prices and discrepancies', async () => {
    const { codes } = await allPages(`/api/buyer/${BUYER}/seller/${SELLER}/product`, BUY, 7);
    expect(codes).toHaveLength(PRODUCTS);
    const page = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/${SELLER}/product?limit=45` })).json());
    const curated = page.data.filter((w) => w.meta);
    expect(curated.length).toBeGreaterThan(0);
    curated.forEach((w) => expect(w.meta!.buyerSellerId).toBe(`${BUYER}:${SELLER}`));
  });

  it("writes each product of a buyer's page, searched or not, after a cursor or not, as its own answer writes it", async () => {
    const url = `/api/buyer/${BUYER}/seller/${SELLER}/product`;
    const first = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `${url}?limit=20` })).json());
    const after = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `${url}?limit=20&cursor=${first.cursor}` })).json());
    const searched = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `${url}?q=acm-1000&limit=5` })).json());
    const searchedAfter = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `${url}?q=acm-1000&limit=5&cursor=${searched.cursor}` })).json());
    const wrappers = [...first.data, ...after.data, ...searched.data, ...searchedAfter.data];
    expect(wrappers.filter((w) => w.meta).length).toBeGreaterThan(0);
    expect(searchedAfter.data.length).toBeGreaterThan(0);
    for (const w of wrappers) {
      const one = await t.as(BUY, { method: 'GET', url: `${url}/${w.product.productCode}` });
      expect(w).toEqual(productWrapperSchema.parse(one.json()));
    }
  });

  it('reports a discrepancy when a contract price disagrees', async () => {
    const code = 'ACM-100002';
    await t.db
      .insertInto('product_meta')
      .values({
        buyer_key: 'UNILAKESIDE1',
        seller_key: SELLER,
        product_code: code,
        excluded: 0,
        contract_prices: JSON.stringify([{ uom: 'XX', quantity: 1, price: 1.23, effectiveDate: '2026-01-01', currency: 'AUD' }]),
        last_exported_ms: null,
        updated_at: new Date().toISOString(),
        rev: 0,
        deleted: 0,
      })
      .execute();
    const res = await t.as('buyer@lakeside.demo.test', { method: 'GET', url: `/api/buyer/UNILAKESIDE1/seller/${SELLER}/product/${code}` });
    const w = productWrapperSchema.parse(res.json());
    expect(w.priceDiscrepancyTable).toEqual([{ uom: 'XX', quantity: 1, sellerPrice: null, buyerPrice: 1.23 }]);
  });

  it('answers single products in both forms, and 404 for unknown ones', async () => {
    const seller = await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product/ACM-100000` });
    expect(productWrapperSchema.parse(seller.json()).product.productCode).toBe('ACM-100000');
    const buyer = await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/${SELLER}/product/ACM-100000` });
    expect(productWrapperSchema.parse(buyer.json()).product.sellerId).toBe(SELLER);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product/NOPE` })).statusCode).toBe(404);
    // Another supplier's product under one's own supplier id is not there.
    expect((await t.as('admin@biolab.demo.test', { method: 'GET', url: '/api/seller/SUPBIOLAB001/product/ACM-100000' })).statusCode).toBe(404);
    // A university in the seller position is no supplier.
    expect((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/UNINORTHGATE/product` })).statusCode).toBe(404);
  });

  it('applies the authorization matrix', async () => {
    const sellerUrl = `/api/seller/${SELLER}/product`;
    expect((await t.as(SUPPLIER, { method: 'GET', url: sellerUrl })).statusCode).toBe(200);
    expect((await t.as('admin@biolab.demo.test', { method: 'GET', url: sellerUrl })).statusCode).toBe(403);
    expect((await t.as(BUY, { method: 'GET', url: sellerUrl })).statusCode).toBe(403);
    expect((await t.as('support@demo.test', { method: 'GET', url: sellerUrl })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'GET', url: sellerUrl })).statusCode).toBe(401);
    const buyerUrl = `/api/buyer/${BUYER}/seller/${SELLER}/product`;
    expect((await t.as(BUY, { method: 'GET', url: buyerUrl })).statusCode).toBe(200);
    expect((await t.as('buyer@northgate.demo.test', { method: 'GET', url: buyerUrl })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: buyerUrl })).statusCode).toBe(403);
    expect((await t.as('support@demo.test', { method: 'GET', url: buyerUrl })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'GET', url: buyerUrl })).statusCode).toBe(401);
    expect((await t.as('newbuyer@uni.demo.test', { method: 'GET', url: buyerUrl })).statusCode).toBe(403);
    for (const url of [
      `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url`,
      `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/download`,
      `/api/buyer/${BUYER}/seller/${SELLER}/product/action/export`,
      `/api/buyer/${BUYER}/seller/${SELLER}/meta/ACM-100000`,
      `/api/buyer/${BUYER}/category-tree/action/upload-url`,
    ]) {
      expect((await t.as(SUPPLIER, { method: 'POST', url, payload: {} })).statusCode).toBe(403);
      expect((await t.as('buyer@northgate.demo.test', { method: 'POST', url, payload: {} })).statusCode).toBe(403);
      expect((await t.as(null, { method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    const ppo = `/api/seller/${SELLER}/ppo/action/upload-url`;
    expect((await t.as(BUY, { method: 'POST', url: ppo })).statusCode).toBe(403);
    expect((await t.as('admin@biolab.demo.test', { method: 'POST', url: ppo })).statusCode).toBe(403);
    expect((await t.as('support@demo.test', { method: 'POST', url: ppo })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'POST', url: ppo })).statusCode).toBe(401);
  });
});

describe('include and exclude (meta)', () => {
  async function freshCode(): Promise<string> {
    const metas = await t.db.selectFrom('product_meta').select('product_code').where('buyer_key', '=', BUYER).where('seller_key', '=', SELLER).execute();
    const taken = new Set(metas.map((m) => m.product_code));
    const all = await t.db.selectFrom('products').select('product_code').where('seller_key', '=', SELLER).orderBy('product_code').execute();
    return all.map((p) => p.product_code).find((c) => !taken.has(c))!;
  }

  it('creates meta with excluded false on first include, then toggles, writing history and changes', async () => {
    const code = await freshCode();
    const url = `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`;
    const first = await t.as(BUY, { method: 'POST', url });
    expect(first.statusCode).toBe(200);
    const w1 = productWrapperSchema.parse(first.json());
    expect(w1.meta).toMatchObject({ excluded: false, productCode: code, contractPrices: [], lastExportedEpochMilliSeconds: null });
    const second = productWrapperSchema.parse((await t.as(BUY, { method: 'POST', url })).json());
    expect(second.meta!.excluded).toBe(true);
    const explicit = productWrapperSchema.parse((await t.as(BUY, { method: 'POST', url, payload: { excluded: true } })).json());
    expect(explicit.meta!.excluded).toBe(true);
    const history = await t.db.selectFrom('history').selectAll().where('entity', '=', 'product').where('entity_key', '=', `${BUYER}:${SELLER}:${code}`).orderBy('id').execute();
    expect(history.map((h) => h.type)).toEqual(['INCLUDED', 'EXCLUDED', 'EXCLUDED']);
    const changes = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'productMeta').where('entity_key', '=', `${BUYER}:${SELLER}:${code}`).execute();
    expect(changes).toHaveLength(3);
    expect(changes.every((c) => c.scope_kind === 'buyer' && c.org_key === BUYER)).toBe(true);
    const row = await t.db.selectFrom('product_meta').select('rev').where('buyer_key', '=', BUYER).where('product_code', '=', code).executeTakeFirstOrThrow();
    expect(Number(row.rev)).toBe(Math.max(...changes.map((c) => Number(c.rev))));
  });

  it('applies a replayed toggle once', async () => {
    const code = await freshCode();
    const url = `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`;
    const headers = { 'idempotency-key': `meta-replay-${code}` };
    const a = await t.as(BUY, { method: 'POST', url, headers });
    const b = await t.as(BUY, { method: 'POST', url, headers });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    const meta = await t.db.selectFrom('product_meta').select('excluded').where('buyer_key', '=', BUYER).where('product_code', '=', code).executeTakeFirstOrThrow();
    expect(meta.excluded).toBe(0);
  });

  it("carries the buyer's metas in its changes feed as its product page shows them, several codes in one page, no other buyer's", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const code = await freshCode();
      expect((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`, payload: { excluded: i === 1 } })).statusCode).toBe(200);
      codes.push(code);
    }
    const northgate = await t.as('buyer@northgate.demo.test', { method: 'POST', url: `/api/buyer/UNINORTHGATE/seller/${SELLER}/meta/${codes[0]}`, payload: { excluded: true } });
    expect(northgate.statusCode).toBe(200);
    const fed = new Map<string, unknown>();
    for (let since = 0, more = true; more; ) {
      const res = await t.as(BUY, { method: 'GET', url: `/api/sync/buyer/${BUYER}/changes?since=${since}&limit=500` });
      const page = res.json() as { changes: Array<{ entity: string; key: string; op: string; row?: unknown }>; cursor: number; hasMore: boolean };
      // Written by hand with the metas' stored contract prices (server/sync/changes-answer.ts): byte for byte what JSON.stringify writes of it.
      expect(res.body).toBe(JSON.stringify(page));
      for (const c of page.changes) if (c.entity === 'productMeta' && c.key.startsWith(`${BUYER}:${SELLER}:`)) fed.set(c.key, c.op === 'upsert' ? c.row : null);
      ({ cursor: since, hasMore: more } = page);
    }
    const list = productPageSchema.parse((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/${SELLER}/product?limit=500` })).json()).data;
    const shown = list.filter((w) => w.meta !== null);
    expect(shown.map((w) => w.product.productCode)).toEqual(expect.arrayContaining(codes));
    expect(new Map(shown.map((w) => [`${BUYER}:${SELLER}:${w.product.productCode}`, w.meta]))).toEqual(fed);
  });

  it('lets support act for the buyer, and answers 404 for an unknown product', async () => {
    const code = await freshCode();
    expect((await t.as('support@demo.test', { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}` })).statusCode).toBe(200);
    expect((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/NOPE` })).statusCode).toBe(404);
    expect((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`, payload: { excluded: 'yes' } })).statusCode).toBe(400);
  });
});

describe('price file upload', () => {
  it('rejects a file with a row error and imports nothing', async () => {
    const before = await t.db.selectFrom('seller_prices').selectAll().where('seller_key', '=', SELLER).where('product_code', '=', 'ACM-100000').execute();
    const res = await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` });
    expect(res.statusCode).toBe(200);
    const { uploadUrl } = res.json() as { uploadUrl: string };
    const csv = 'productCode,uom,startDate,lowerQuantity,upperQuantity,price\nACM-100000,EA,2026-01-01,1,,1.50\nNOPE-1,EA,2026-01-01,1,,2\nACM-100001,EA,2026-13-01,5,2,-1\n';
    const upload = await put(uploadUrl, csv);
    expect(upload.statusCode).toBe(200);
    const j = await job(SELLER, SUPPLIER, upload.json().jobId);
    expect(j.state).toBe('failed');
    expect(j.error).toContain('nothing was imported');
    const errors = (j.result as { errors: string[] }).errors;
    expect(errors).toContain('Row 3: Unknown product code NOPE-1');
    expect(errors).toContain('Row 4: startDate must be a date written YYYY-MM-DD');
    expect(errors).toContain('Row 4: upperQuantity must not be below lowerQuantity');
    expect(errors).toContain('Row 4: price must be a number not below 0');
    const after = await t.db.selectFrom('seller_prices').selectAll().where('seller_key', '=', SELLER).where('product_code', '=', 'ACM-100000').execute();
    expect(after).toEqual(before);
  });

  it('rejects a file without the required columns', async () => {
    const { uploadUrl } = (await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` })).json() as { uploadUrl: string };
    const j = await job(SELLER, SUPPLIER, (await put(uploadUrl, 'code,price\nA,1\n')).json().jobId);
    expect(j.state).toBe('failed');
    expect(j.error).toContain('Missing columns: productCode, uom, startDate, lowerQuantity, upperQuantity');
  });

  it('replaces the prices of the products a good file names', async () => {
    const { uploadUrl } = (await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/ppo/action/upload-url` })).json() as { uploadUrl: string };
    const csv = 'Product Code,UOM,Start Date,Lower Quantity,Upper Quantity,Price,Currency\r\n"ACM-100000",ea,2026-01-01,1,9,12.5,aud\r\nACM-100000,EA,2026-01-01,10,,11.25,\r\n';
    const j = await job(SELLER, SUPPLIER, (await put(uploadUrl, csv)).json().jobId);
    expect(j.state).toBe('done');
    expect(j.result).toMatchObject({ rows: 2, products: 1 });
    const w = productWrapperSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${SELLER}/product/ACM-100000` })).json());
    expect(w.prices).toEqual([
      { uom: 'EA', lowerQuantity: 1, upperQuantity: 9, price: 12.5, startDate: '2026-01-01', currency: 'AUD' },
      { uom: 'EA', lowerQuantity: 10, upperQuantity: null, price: 11.25, startDate: '2026-01-01', currency: 'AUD' },
    ]);
    const history = await t.db.selectFrom('history').selectAll().where('org_key', '=', SELLER).where('type', '=', 'PRICE_FILE_IMPORTED').execute();
    expect(history).toHaveLength(1);
  });
});

describe('catalogue template', () => {
  it('generates the template file as a job with a download link', async () => {
    const res = await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/download` });
    expect(res.statusCode).toBe(202);
    expect(res.json().downloadUrl).toBeNull();
    const j = await job(BUYER, BUY, res.json().jobId);
    expect(j.state).toBe('done');
    expect(j.downloadUrl).toMatch(/^\/files\/download\//);
    const file = await t.as(BUY, { method: 'GET', url: j.downloadUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['Included', 'Product Code', 'Description', 'UOM', 'Supplier Price', 'Contract UOM', 'Contract Quantity', 'Contract Price', 'Effective Date', 'Currency']);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(PRODUCTS);
  });

  it('applies a modified template: included flags and contract prices', async () => {
    const { uploadUrl } = (await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url` })).json() as { uploadUrl: string };
    const csv = [
      'Included,Product Code,Description,UOM,Supplier Price,Contract UOM,Contract Quantity,Contract Price,Effective Date,Currency',
      'Y,ACM-100040,x,EA,,EA,1,9.99,2026-03-01,AUD',
      'Y,ACM-100040,x,EA,,EA,10,8.5,2026-03-01,',
      'N,ACM-100041,x,EA,,,,,,',
    ].join('\n');
    const j = await job(BUYER, BUY, (await put(uploadUrl, csv)).json().jobId);
    expect(j.state).toBe('done');
    const w = productWrapperSchema.parse((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/seller/${SELLER}/product/ACM-100040` })).json());
    expect(w.meta!.excluded).toBe(false);
    expect(w.meta!.contractPrices).toEqual([
      { uom: 'EA', quantity: 1, price: 9.99, effectiveDate: '2026-03-01', currency: 'AUD' },
      { uom: 'EA', quantity: 10, price: 8.5, effectiveDate: '2026-03-01', currency: 'AUD' },
    ]);
  });

  it('rejects a template with bad rows and changes nothing', async () => {
    const { uploadUrl } = (await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/seller/${SELLER}/meta/action/upload-url` })).json() as { uploadUrl: string };
    const csv = 'Included,Product Code,Contract UOM,Contract Quantity,Contract Price,Effective Date\nmaybe,ACM-100040,,,,\nY,NOPE,,,,\nN,ACM-100039,EA,,3,2026-01-01\n';
    const j = await job(BUYER, BUY, (await put(uploadUrl, csv)).json().jobId);
    expect(j.state).toBe('failed');
    expect((j.result as { errors: string[] }).errors).toEqual([
      'Row 2: Included must be Y or N',
      'Row 4: Contract Quantity is required',
      'Row 3: Unknown product code NOPE',
    ]);
    const meta = await t.db.selectFrom('product_meta').select('excluded').where('buyer_key', '=', BUYER).where('product_code', '=', 'ACM-100040').executeTakeFirstOrThrow();
    expect(meta.excluded).toBe(0);
  });
});

describe('catalogue export', () => {
  it('queues one export, writes the file to the local exports folder and stamps lastExported', async () => {
    const url = `/api/buyer/${BUYER}/seller/${SELLER}/product/action/export`;
    const first = await t.as(BUY, { method: 'POST', url, headers: { 'idempotency-key': 'export-once-1' } });
    expect(first.statusCode).toBe(202);
    const replay = await t.as(BUY, { method: 'POST', url, headers: { 'idempotency-key': 'export-once-1' } });
    expect(replay.json()).toEqual(first.json());
    // Export is disabled while one runs: another request joins the queued one.
    const second = await t.as(BUY, { method: 'POST', url });
    expect(second.json().jobId).toBe(first.json().jobId);
    const j = await job(BUYER, BUY, first.json().jobId);
    expect(j.state).toBe('done');
    const dir = catalogueExportDir(t.config.dataDir, BUYER);
    expect(existsSync(dir)).toBe(true);
    const [file] = readdirSync(dir);
    const content = readFileSync(join(dir, file!), 'utf8');
    expect(content.split('\r\n')[0]).toContain('ProductCode');
    const included = await t.db.selectFrom('product_meta').selectAll().where('buyer_key', '=', BUYER).where('seller_key', '=', SELLER).where('excluded', '=', 0).where('deleted', '=', 0).execute();
    expect(content.trim().split('\r\n')).toHaveLength(included.length + 1);
    included.forEach((m) => expect(m.last_exported_ms).not.toBeNull());
    expect(j.downloadUrl).toMatch(/^\/files\/download\//);
  });

  it('refuses when there is nothing to export', async () => {
    const res = await t.as('buyer@lakeside.demo.test', { method: 'POST', url: `/api/buyer/UNILAKESIDE1/seller/SUPKESTREL01/product/action/export` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([catalogueErrors.noProductsToExport]);
  });
});

describe('category tree', () => {
  it('answers the nested tree', async () => {
    const res = await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/category-tree` });
    const tree = categoryTreeSchema.parse(res.json());
    expect(tree[0]!.children[0]!.children[0]!.children[0]!.code).toMatch(/^[A-Z]{3}-[A-Z]{3}-[A-Z]{3}-\d{2}$/);
    expect((await t.as(SUPPLIER, { method: 'GET', url: `/api/buyer/${BUYER}/category-tree` })).statusCode).toBe(403);
  });

  it('imports a CSV tree and rejects a broken one', async () => {
    const urlOf = async () =>
      ((await t.as(BUY, { method: 'POST', url: `/api/buyer/${BUYER}/category-tree/action/upload-url` })).json() as { uploadUrl: string }).uploadUrl;
    const bad = await job(BUYER, BUY, (await put(await urlOf(), 'code,description,parentCode\nA,Alpha,\nB,Beta,Z\n')).json().jobId);
    expect(bad.state).toBe('failed');
    expect((bad.result as { errors: string[] }).errors).toEqual(['Row 3: Unknown parentCode Z']);
    const good = await job(BUYER, BUY, (await put(await urlOf(), 'code,description,parentCode\nA,Alpha,\nA1,Alpha one,A\nB,Beta,\n')).json().jobId);
    expect(good.state).toBe('done');
    const tree = categoryTreeSchema.parse((await t.as(BUY, { method: 'GET', url: `/api/buyer/${BUYER}/category-tree` })).json());
    expect(tree).toEqual([
      { code: 'A', description: 'Alpha', children: [{ code: 'A1', description: 'Alpha one', children: [] }] },
      { code: 'B', description: 'Beta', children: [] },
    ]);
    const json = await job(BUYER, BUY, (await put(await urlOf(), JSON.stringify([{ code: 'J', description: 'Json', children: [] }]))).json().jobId);
    expect(json.state).toBe('done');
  });
});
