import { describe, expect, it } from 'vitest';
import { mirrorProduct, mirrorProductPage } from '../../src/sync/mirror-pages';
import { productKey, productMetaKey } from '../../src/sync/row-keys';
import { freshDb } from './helpers/fresh-db';
import { scriptedFetch } from './helpers/scripted-fetch';

const SELLER = 'SUP1';
const BUYER = 'UNI1';
const scope = `buyer:${BUYER}`;
const wrapper = (code: string) => ({
  product: { productCode: code, sellerId: SELLER, description: `Product ${code}` },
  meta: { excluded: false, productCode: code, buyerSellerId: `${BUYER}:${SELLER}`, contractPrices: [], lastExportedEpochMilliSeconds: null },
  prices: [],
  priceDiscrepancyTable: [],
});

describe('mirroring a catalogue', () => {
  it('asks for the page size it is given and keeps the product beside the buyer meta', async () => {
    const db = freshDb('product-page');
    const { fetch, requests } = scriptedFetch(() => ({ status: 200, body: { data: [wrapper('A1'), wrapper('A2')], cursor: 'next' } }));
    const page = await mirrorProductPage({ db, fetch }, scope, SELLER, null, 500);
    expect(new URL(requests[0]!.url, 'http://x').searchParams.get('limit')).toBe('500');
    expect(page).toEqual({ count: 2, next: 'next' });
    expect((await db.products.get([scope, productKey(SELLER, 'A1')]))?.description).toBe('Product A1');
    expect((await db.productMeta.get([scope, productMetaKey(BUYER, SELLER, 'A2')]))?.excluded).toBe(false);
    db.close();
  });

  it('mirrors one product, and drops a held copy the server no longer has', async () => {
    const db = freshDb('one-product');
    let status = 200;
    const { fetch, requests } = scriptedFetch(() => (status === 200 ? { status, body: wrapper('B1') } : { status, body: { errors: ['Product not found'] } }));
    expect(await mirrorProduct({ db, fetch }, scope, SELLER, 'B1')).toEqual({ found: true });
    expect(requests[0]!.url).toBe(`/api/buyer/${BUYER}/seller/${SELLER}/product/B1`);
    expect(await db.products.get([scope, productKey(SELLER, 'B1')])).toBeDefined();
    status = 404;
    expect(await mirrorProduct({ db, fetch }, scope, SELLER, 'B1')).toEqual({ found: false });
    expect(await db.products.get([scope, productKey(SELLER, 'B1')])).toBeUndefined();
    db.close();
  });
});
