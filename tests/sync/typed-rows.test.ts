import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { mirrorOrder, mirrorOrderPage, mirrorProductPage } from '../../src/sync/mirror-pages';
import { chunkRows } from '../../src/sync/product-chunks';
import { pullScope } from '../../src/sync/pull-changes';
import { freshDb } from './helpers/fresh-db';
import { orderAnswer } from './helpers/order-rows';
import { productWrapper } from './helpers/product-rows';
import { scriptedFetch } from './helpers/scripted-fetch';

const scope = 'seller:SUPACMESCI01';
let db: LocalDatabase;
afterEach(() => db?.close());

/** An order as a server with `orderNo` renamed would send it. */
function renamed() {
  const { orderNo, ...rest } = orderAnswer(4);
  return { ...rest, orderNumber: orderNo };
}

describe('rows entering the browser', () => {
  it('are stored as the schema shapes them', async () => {
    db = freshDb();
    const { fetch } = scriptedFetch(() => ({ status: 200, body: { ...orderAnswer(4), notInTheSchema: 'x' } }));
    expect(await mirrorOrder({ db: asSyncDb(db), fetch }, scope, '4')).toEqual({ found: true });
    const row = await db.orders.get([scope, '4']);
    expect(row?.orderNo).toBe('PO-4');
    expect(row).not.toHaveProperty('notInTheSchema');
  });

  it('are refused, and nothing stored, when the server renamed a field of an order', async () => {
    db = freshDb();
    const detail = scriptedFetch(() => ({ status: 200, body: renamed() }));
    await expect(mirrorOrder({ db: asSyncDb(db), fetch: detail.fetch }, scope, '4')).rejects.toBeInstanceOf(ApiError);
    const list = scriptedFetch(() => ({ status: 200, body: [renamed()] }));
    await expect(mirrorOrderPage({ db: asSyncDb(db), fetch: list.fetch }, scope, 0)).rejects.toBeInstanceOf(ApiError);
    expect(await db.orders.count()).toBe(0);
  });

  it('from the changes feed are refused, and the cursor stays, when a row has the wrong shape', async () => {
    db = freshDb();
    const feed = scriptedFetch(() => ({
      status: 200,
      body: { changes: [{ entity: 'order', key: '4', op: 'upsert', rev: 3, row: renamed() }], cursor: 3, hasMore: false },
    }));
    await expect(pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, scope)).rejects.toThrow(
      'The server sent an entity of type order in an unexpected shape',
    );
    expect(await db.orders.count()).toBe(0);
    expect(await db.cursors.get(scope)).toBeUndefined();
  });

  it('are refused, and nothing stored, when the server renamed a field of a product', async () => {
    db = freshDb();
    const { product, ...wrapper } = productWrapper('SUPACMESCI01', 'P1');
    const { productCode, ...rest } = product;
    const renamedProduct = { ...wrapper, product: { ...rest, code: productCode } };
    const page = scriptedFetch(() => ({ status: 200, body: { data: [productWrapper('SUPACMESCI01', 'P0'), renamedProduct], cursor: null } }));
    await expect(mirrorProductPage({ db: asSyncDb(db), fetch: page.fetch }, scope, 'SUPACMESCI01', null, 20)).rejects.toBeInstanceOf(ApiError);
    expect(await db.productChunks.count()).toBe(0);

    const feed = scriptedFetch(() => ({
      status: 200,
      body: { changes: [{ entity: 'product', key: 'SUPACMESCI01:P1', op: 'upsert', rev: 3, row: renamedProduct }], cursor: 3, hasMore: false },
    }));
    await expect(pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, scope)).rejects.toThrow(
      'The server sent an entity of type product in an unexpected shape',
    );
    expect(await db.products.count()).toBe(0);
  });

  it('keep a product as the schema shapes it', async () => {
    db = freshDb();
    const page = scriptedFetch(() => ({ status: 200, body: { data: [{ ...productWrapper('SUPACMESCI01', 'P1'), notInTheSchema: 'x' }], cursor: null } }));
    await mirrorProductPage({ db: asSyncDb(db), fetch: page.fetch }, scope, 'SUPACMESCI01', null, 20);
    const [row] = chunkRows((await db.productChunks.toArray())[0]!);
    expect(row).toMatchObject({ productCode: 'P1', sellerId: 'SUPACMESCI01', key: 'SUPACMESCI01/P1', uomMapping: {} });
    expect(row).not.toHaveProperty('notInTheSchema');
  });
});
