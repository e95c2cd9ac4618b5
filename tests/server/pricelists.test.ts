import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueErrors, validatePricelist, validateUploadTarget } from '../../src/domain/rules/catalogue';
import { priceGroupPageSchema, pricelistPageSchema, pricelistSchema } from '../../src/domain/schemas/pricelists';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const SELLER = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';
const base = `/api/seller/${SELLER}/pricelist`;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db, { products: 300, dataDir: null });
});
afterAll(async () => {
  await t.close();
});

describe('pricelist rules (domain)', () => {
  it('needs a non-empty name and a selected supplier', () => {
    expect(validatePricelist({ name: '  ' })).toEqual([catalogueErrors.pricelistNameRequired]);
    expect(validatePricelist({ name: 'Teaching labs' })).toEqual([]);
    expect(validateUploadTarget({ sellerId: null })).toEqual([catalogueErrors.supplierRequired]);
    expect(validateUploadTarget({ sellerId: SELLER })).toEqual([]);
  });
});

describe('pricelists', () => {
  it('lists the seeded pricelists with a cursor', async () => {
    const first = await t.as(SUPPLIER, { method: 'GET', url: `${base}?limit=1` });
    expect(first.statusCode).toBe(200);
    const page1 = pricelistPageSchema.parse(first.json());
    expect(page1.data).toHaveLength(1);
    expect(page1.cursor).not.toBeNull();
    const page2 = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `${base}?limit=1&cursor=${page1.cursor}` })).json());
    expect(page2.data[0]!.pricelistId).toBeGreaterThan(page1.data[0]!.pricelistId);
    const all = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: base })).json());
    expect(all.cursor).toBeNull();
    expect(all.data).toHaveLength(2);
  });

  it('creates and renames, rejecting an empty name, with history and changes', async () => {
    const bad = await t.as(SUPPLIER, { method: 'POST', url: base, payload: { name: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([catalogueErrors.pricelistNameRequired]);
    const created = await t.as(SUPPLIER, { method: 'POST', url: base, payload: { name: 'Teaching Labs' } });
    expect(created.statusCode).toBe(201);
    const list = pricelistSchema.parse(created.json());
    expect(list.name).toBe('Teaching Labs');
    const renamed = await t.as(SUPPLIER, { method: 'PUT', url: `${base}/${list.pricelistId}`, payload: { name: 'Teaching Laboratories' } });
    expect(renamed.json()).toEqual({ pricelistId: list.pricelistId, name: 'Teaching Laboratories' });
    expect((await t.as(SUPPLIER, { method: 'PUT', url: `${base}/${list.pricelistId}`, payload: { name: '' } })).statusCode).toBe(400);
    const history = await t.db.selectFrom('history').select('type').where('entity', '=', 'pricelist').where('entity_key', '=', String(list.pricelistId)).orderBy('id').execute();
    expect(history.map((h) => h.type)).toEqual(['CREATED', 'RENAMED']);
    const changes = await t.db.selectFrom('change_log').selectAll().where('entity', '=', 'pricelist').where('entity_key', '=', String(list.pricelistId)).execute();
    expect(changes).toHaveLength(2);
    expect(changes.every((c) => c.scope_kind === 'seller' && c.org_key === SELLER)).toBe(true);
  });

  it('creates once when a create is replayed', async () => {
    const headers = { 'idempotency-key': 'pricelist-create-1' };
    const a = await t.as(SUPPLIER, { method: 'POST', url: base, payload: { name: 'Replayed' }, headers });
    const b = await t.as(SUPPLIER, { method: 'POST', url: base, payload: { name: 'Replayed' }, headers });
    expect(b.json()).toEqual(a.json());
    expect(b.statusCode).toBe(201);
    const rows = await t.db.selectFrom('pricelists').select('id').where('name', '=', 'Replayed').execute();
    expect(rows).toHaveLength(1);
    const put = { method: 'PUT' as const, url: `${base}/${a.json().pricelistId}/buyers`, payload: { buyerIds: ['UNIWESTMERE1'] }, headers: { 'idempotency-key': 'pricelist-map-1' } };
    const m1 = await t.as(SUPPLIER, put);
    const m2 = await t.as(SUPPLIER, put);
    expect(m2.json()).toEqual(m1.json());
    expect(await t.db.selectFrom('history').select('id').where('type', '=', 'MAPPED').where('entity_key', '=', String(a.json().pricelistId)).execute()).toHaveLength(1);
  });

  it('pages price groups by product code', async () => {
    const [list] = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: base })).json()).data;
    const codes: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.as(SUPPLIER, { method: 'GET', url: `${base}/${list!.pricelistId}/price${cursor ? `?cursor=${cursor}` : ''}` });
      const page = priceGroupPageSchema.parse(res.json());
      expect(page.data.length).toBeLessThanOrEqual(20);
      page.data.forEach((g) => expect(g.prices.length).toBeGreaterThan(0));
      codes.push(...page.data.map((g) => g.productCode));
      cursor = page.cursor;
    } while (cursor);
    const expected = await t.db.selectFrom('pricelist_prices').select('product_code').distinct().where('pricelist_id', '=', list!.pricelistId).execute();
    expect(codes).toHaveLength(expected.length);
    expect([...codes].sort()).toEqual(codes);
  });

  it('maps universities only', async () => {
    const [list] = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: base })).json()).data;
    const url = `${base}/${list!.pricelistId}/buyers`;
    const current = await t.as(SUPPLIER, { method: 'GET', url });
    expect(current.json().buyerIds).toEqual(['UNILAKESIDE1', 'UNINORTHGATE', 'UNIWESTMERE1']);
    const wrong = await t.as(SUPPLIER, { method: 'PUT', url, payload: { buyerIds: ['UNIWESTMERE1', 'SUPBIOLAB001', 'NOSUCHORG000'] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([catalogueErrors.buyersMustBeUniversities(['NOSUCHORG000', 'SUPBIOLAB001'])]);
    const ok = await t.as(SUPPLIER, { method: 'PUT', url, payload: { buyerIds: ['UNINORTHGATE', 'UNIWESTMERE1'] } });
    expect(ok.json()).toEqual({ buyerIds: ['UNINORTHGATE', 'UNIWESTMERE1'] });
    const history = await t.db.selectFrom('history').select('description').where('type', '=', 'MAPPED').where('entity_key', '=', String(list!.pricelistId)).execute();
    expect(history.map((h) => h.description)).toContain(`Pricelist ${list!.name} mapped with 2 accounts`);
  });

  it('sends the mapping with the pricelist in the changes feed, so the drawer opens offline', async () => {
    const [list] = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: base })).json()).data;
    const id = String(list!.pricelistId);
    const feedRow = async () => {
      const res = await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/seller/${SELLER}/changes?since=0&limit=1000` });
      const changes = (res.json() as { changes: Array<{ entity: string; key: string; row?: unknown }> }).changes;
      return changes.filter((c) => c.entity === 'pricelist' && c.key === id).at(-1)?.row;
    };
    await t.as(SUPPLIER, { method: 'PUT', url: `${base}/${id}/buyers`, payload: { buyerIds: ['UNIWESTMERE1', 'UNILAKESIDE1'] } });
    expect(await feedRow()).toEqual({ pricelistId: list!.pricelistId, name: list!.name, buyerIds: ['UNILAKESIDE1', 'UNIWESTMERE1'] });
    await t.as(SUPPLIER, { method: 'PUT', url: `${base}/${id}/buyers`, payload: { buyerIds: [] } });
    expect(await feedRow()).toMatchObject({ buyerIds: [] });
  });

  it('imports pricelist prices from an uploaded file, rejecting bad rows', async () => {
    const created = pricelistSchema.parse((await t.as(SUPPLIER, { method: 'POST', url: base, payload: { name: 'Uploaded' } })).json());
    const uploadUrlOf = async () =>
      ((await t.as(SUPPLIER, { method: 'POST', url: `${base}/${created.pricelistId}/price/action/upload-url` })).json() as { uploadUrl: string }).uploadUrl;
    const send = async (csv: string) => {
      const res = await t.as(null, { method: 'PUT', url: await uploadUrlOf(), headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(csv) });
      await t.app.jobRunner.runPending();
      return jobSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/org/${SELLER}/job/${res.json().jobId}` })).json());
    };
    const bad = await send('productCode,uom,startDate,lowerQuantity,upperQuantity,price\nACM-100000,EA,2026-01-01,1,,x\n');
    expect(bad.state).toBe('failed');
    expect((bad.result as { errors: string[] }).errors).toEqual(['Row 2: price must be a number not below 0']);
    const good = await send('productCode,uom,startDate,lowerQuantity,upperQuantity,price\nACM-100000,EA,2026-01-01,1,,4.5\nACM-100001,BT,2026-02-01,1,9,7\n');
    expect(good.state).toBe('done');
    const page = priceGroupPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `${base}/${created.pricelistId}/price` })).json());
    expect(page).toEqual({
      data: [
        { productCode: 'ACM-100000', prices: [{ uom: 'EA', startDate: '2026-01-01', lowerQuantity: 1, upperQuantity: null, price: 4.5 }] },
        { productCode: 'ACM-100001', prices: [{ uom: 'BT', startDate: '2026-02-01', lowerQuantity: 1, upperQuantity: 9, price: 7 }] },
      ],
      cursor: null,
    });
  });

  it('keeps pricelists within their supplier and applies the authorization matrix', async () => {
    const [list] = pricelistPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: base })).json()).data;
    // Another supplier's pricelist id under one's own supplier is not there.
    expect((await t.as('admin@biolab.demo.test', { method: 'GET', url: `/api/seller/SUPBIOLAB001/pricelist/${list!.pricelistId}/price` })).statusCode).toBe(404);
    expect((await t.as('admin@biolab.demo.test', { method: 'PUT', url: `/api/seller/SUPBIOLAB001/pricelist/${list!.pricelistId}`, payload: { name: 'x' } })).statusCode).toBe(404);
    const calls = [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: base, payload: { name: 'Matrix' } },
      { method: 'GET' as const, url: `${base}/${list!.pricelistId}/price` },
      { method: 'GET' as const, url: `${base}/${list!.pricelistId}/buyers` },
      { method: 'POST' as const, url: `${base}/${list!.pricelistId}/price/action/upload-url` },
    ];
    for (const call of calls) {
      expect((await t.as(SUPPLIER, call)).statusCode).toBeLessThan(300);
      expect((await t.as('admin@biolab.demo.test', call)).statusCode).toBe(403);
      expect((await t.as('buyer@uni.demo.test', call)).statusCode).toBe(403);
      expect((await t.as('support@demo.test', call)).statusCode).toBeLessThan(300);
      expect((await t.as(null, call)).statusCode).toBe(401);
    }
  });
});
