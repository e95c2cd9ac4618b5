import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 33, item 5: a REGULAR user does the daily work, an ADMIN configures
 * (src/domain/roles.ts). Each configuring call answers a REGULAR user 403 and lets the
 * organisation's admin through (whatever the call then says about its body).
 */
const ACME = 'SUPACMESCI01';
const WESTMERE = 'UNIWESTMERE1';
const SUPPLIER_ADMIN = 'supplier@acme.demo.test';
const SUPPLIER_REGULAR = 'warehouse@acme.demo.test';
const BUYER_ADMIN = 'buyer@uni.demo.test';
const BUYER_REGULAR = 'p.raman@uni.demo.test';

let t: TestApp;
let key = 0;
let ids: { pricelist: number; order: string; asn: number; invoice: number; product: string };

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const pricelist = await t.db.selectFrom('pricelists').select('id').where('seller_key', '=', ACME).executeTakeFirst();
  const order = await t.db.selectFrom('orders').select(['id']).where('seller_key', '=', ACME).where('buyer_key', '=', WESTMERE).executeTakeFirstOrThrow();
  const invoice = await t.db.selectFrom('invoices').select('oiid').where('buyer_key', '=', WESTMERE).executeTakeFirstOrThrow();
  const product = await t.db.selectFrom('products').select('product_code').where('seller_key', '=', ACME).executeTakeFirst();
  ids = { pricelist: pricelist?.id ?? 1, order: String(order.id), asn: 1, invoice: invoice.oiid, product: product?.product_code ?? 'P1' };
});
afterAll(async () => {
  await t.close();
});

const call = (username: string, method: InjectOptions['method'], url: string, payload?: object) =>
  t.as(username, { method, url, headers: { 'idempotency-key': `regular-${++key}` }, ...(payload ? { payload } : {}) });

type Request = [method: InjectOptions['method'], url: () => string, payload?: () => object];

const supplierConfiguration: Record<string, Request> = {
  'add a pricelist': ['POST', () => `/api/seller/${ACME}/pricelist`, () => ({ name: 'Regular test' })],
  'rename a pricelist': ['PUT', () => `/api/seller/${ACME}/pricelist/${ids.pricelist}`, () => ({ name: 'Renamed' })],
  'upload pricelist prices': ['POST', () => `/api/seller/${ACME}/pricelist/${ids.pricelist}/price/action/upload-url`, () => ({})],
  'map universities': ['PUT', () => `/api/seller/${ACME}/pricelist/${ids.pricelist}/buyers`, () => ({ buyerIds: [] })],
  'upload a price file': ['POST', () => `/api/seller/${ACME}/ppo/action/upload-url`, () => ({})],
  'map units of measure': ['PUT', () => `/api/seller/${ACME}/uom`, () => ({ EA: 'EA' })],
  'add a property': ['POST', () => `/api/org/${ACME}/property`, () => ({ property: 'regular-test', value: 'x' })],
  'export an order': ['POST', () => `/api/seller/${ACME}/order/${ids.order}/actions/export`],
  'export an ASN': ['POST', () => `/api/seller/${ACME}/asn/${ids.asn}/actions/export`],
};

const buyerConfiguration: Record<string, Request> = {
  'set tax codes': ['POST', () => `/api/buyer/${WESTMERE}`, () => ({ taxCodeMapping: { taxableCode: 'T1', nonTaxableCode: 'T0' } })],
  'set an account code': ['POST', () => `/api/buyer/${WESTMERE}/seller/${ACME}/props`, () => ({ supplierCode: 'ACC-1' })],
  'upload a category tree': ['POST', () => `/api/buyer/${WESTMERE}/category-tree/action/upload-url`, () => ({})],
  'include a product': ['POST', () => `/api/buyer/${WESTMERE}/seller/${ACME}/meta/${ids.product}`, () => ({ included: true })],
  'generate a template': ['POST', () => `/api/buyer/${WESTMERE}/seller/${ACME}/meta/action/download`, () => ({})],
  'upload a template': ['POST', () => `/api/buyer/${WESTMERE}/seller/${ACME}/meta/action/upload-url`, () => ({})],
  'export the catalogue': ['POST', () => `/api/buyer/${WESTMERE}/seller/${ACME}/product/action/export`, () => ({})],
  'export an invoice': ['POST', () => `/api/buyer/${WESTMERE}/invoice/${ids.invoice}/actions/export`],
  'set another account’s property': [
    'POST',
    () => `/api/org/${WESTMERE}/other-org-property`,
    () => ({ otherOrgUniqueKey: ACME, property: 'regular-test', value: 'x' }),
  ],
};

describe('what a REGULAR user may change', () => {
  for (const [side, admin, regular, requests] of [
    ['supplier', SUPPLIER_ADMIN, SUPPLIER_REGULAR, supplierConfiguration],
    ['buyer', BUYER_ADMIN, BUYER_REGULAR, buyerConfiguration],
  ] as const) {
    for (const [what, [method, url, payload]] of Object.entries(requests)) {
      it(`a ${side}'s REGULAR user may not ${what}; its ADMIN may`, async () => {
        expect((await call(regular, method, url(), payload?.())).statusCode).toBe(403);
        expect((await call(admin, method, url(), payload?.())).statusCode).not.toBe(403);
      });
    }
  }

  it('a supplier’s REGULAR user reads orders and pricelists, marks an order read and drafts an ASN', async () => {
    expect((await call(SUPPLIER_REGULAR, 'GET', `/api/seller/${ACME}/order`)).statusCode).toBe(200);
    expect((await call(SUPPLIER_REGULAR, 'GET', `/api/seller/${ACME}/pricelist`)).statusCode).toBe(200);
    expect((await call(SUPPLIER_REGULAR, 'POST', `/api/seller/${ACME}/order/${ids.order}/actions/read`)).statusCode).toBeLessThan(300);
    // An empty ASN is refused for what it lacks, not for who sends it.
    expect((await call(SUPPLIER_REGULAR, 'POST', `/api/seller/${ACME}/buyer/${WESTMERE}/asn`, {})).statusCode).toBe(400);
  });

  it('a buyer’s REGULAR user reads invoices, tax codes, account codes and the category tree, and marks an invoice read', async () => {
    for (const url of [
      `/api/buyer/${WESTMERE}/invoice`,
      `/api/buyer/${WESTMERE}`,
      `/api/buyer/${WESTMERE}/seller/${ACME}/props`,
      `/api/buyer/${WESTMERE}/category-tree`,
    ]) {
      expect((await call(BUYER_REGULAR, 'GET', url)).statusCode, url).toBe(200);
    }
    expect((await call(BUYER_REGULAR, 'POST', `/api/buyer/${WESTMERE}/invoice/${ids.invoice}/actions/read`)).statusCode).toBeLessThan(300);
  });
});
