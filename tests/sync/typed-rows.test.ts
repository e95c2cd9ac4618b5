import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { FILL_PRODUCT_FIELDS } from '../../src/domain/schemas/product-fill';
import { MIRRORED_LISTS } from '../../src/sync/mirror-lists';
import { mirrorProductPage } from '../../src/sync/mirror-pages';
import { mirrorProductFill } from '../../src/sync/mirror-fill';
import { mirrorCounterparts, mirrorPricePage } from '../../src/sync/mirror-preferences';
import { chunkRows } from '../../src/sync/product-chunks';
import { pullScope } from '../../src/sync/pull-changes';
import { fillAnswer } from './helpers/fill-answers';
import { freshDb } from './helpers/fresh-db';
import { orderAnswer } from './helpers/order-rows';
import { productWrapper } from './helpers/product-rows';
import { scriptedFetch } from './helpers/scripted-fetch';
import { invoiceItem } from '../ui/support/invoices-store';

const scope = 'seller:SUPACMESCI01';
const buyerScope = 'buyer:UNIWESTMERE1';
const orgScope = 'org:SUPACMESCI01';
const {
  accountPage: mirrorAccountPage,
  invoice: mirrorInvoice,
  invoicePage: mirrorInvoicePage,
  order: mirrorOrder,
  orderPage: mirrorOrderPage,
  pricelistPage: mirrorPricelistPage,
  propertyPage: mirrorPropertyPage,
  userPage: mirrorUserPage,
} = MIRRORED_LISTS;
let db: LocalDatabase;
afterEach(() => db?.close());

/** An order as a server with `orderNo` renamed would send it. */
function renamed() {
  const { orderNo, ...rest } = orderAnswer(4);
  return { ...rest, orderNumber: orderNo };
}

/** An invoice as a server with `veStatus` renamed would send it. */
function renamedInvoice() {
  const { veStatus, ...rest } = invoiceItem(7);
  return { ...rest, status: veStatus };
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

  it('keep an invoice typed in its three tables: the invoice, its document and its message', async () => {
    db = freshDb();
    const item = invoiceItem(7);
    const { fetch } = scriptedFetch(() => ({ status: 200, body: { ...item, notInTheSchema: 'x' } }));
    expect(await mirrorInvoice({ db: asSyncDb(db), fetch }, buyerScope, '7')).toEqual({ found: true });
    const row = await db.invoices.get([buyerScope, '7']);
    expect(row).toMatchObject({ oiid: 7, veStatus: 'Pending', hasDocument: true, hasMessage: true });
    expect(row).not.toHaveProperty('notInTheSchema');
    expect(row).not.toHaveProperty('document');
    expect((await db.invoiceDocuments.get([buyerScope, '7']))?.documentId).toBe(item.document?.documentId);
    expect((await db.invoiceMessages.get([buyerScope, '7']))?.subject).toBe(item.message.subject);
  });

  it('are refused, and nothing stored, when the server renamed a field of an invoice', async () => {
    db = freshDb();
    const detail = scriptedFetch(() => ({ status: 200, body: renamedInvoice() }));
    await expect(mirrorInvoice({ db: asSyncDb(db), fetch: detail.fetch }, buyerScope, '7')).rejects.toBeInstanceOf(ApiError);
    const list = scriptedFetch(() => ({ status: 200, body: [renamedInvoice()] }));
    await expect(mirrorInvoicePage({ db: asSyncDb(db), fetch: list.fetch }, buyerScope, 0)).rejects.toBeInstanceOf(ApiError);
    const feed = scriptedFetch(() => ({
      status: 200,
      body: { changes: [{ entity: 'invoice', key: '7', op: 'upsert', rev: 3, row: renamedInvoice() }], cursor: 3, hasMore: false },
    }));
    await expect(pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, buyerScope)).rejects.toThrow(
      'The server sent an entity of type invoice in an unexpected shape',
    );
    expect(await db.invoices.count()).toBe(0);
    expect(await db.invoiceDocuments.count()).toBe(0);
    expect(await db.cursors.get(buyerScope)).toBeUndefined();
  });

  it("of an organisation's properties and settings are parsed: kept as the schema shapes them, refused when a field was renamed", async () => {
    db = freshDb();
    const property = { orgPropertyNo: 3, orgNo: 1, property: 'ASN_CONTACT_EMAIL_LIST', value: 'a@acme.example' };
    const page = scriptedFetch(() => ({ status: 200, body: [{ ...property, notInTheSchema: 'x' }] }));
    await mirrorPropertyPage({ db: asSyncDb(db), fetch: page.fetch }, orgScope, 0);
    expect(await db.properties.get([orgScope, '3'])).toEqual({ ...property, scope: orgScope, key: '3', rev: 0 });

    const { value, ...rest } = property;
    const renamedPage = scriptedFetch(() => ({ status: 200, body: [{ ...rest, propertyValue: value }] }));
    await expect(mirrorPropertyPage({ db: asSyncDb(db), fetch: renamedPage.fetch }, orgScope, 0)).rejects.toBeInstanceOf(ApiError);
    const renamedRows: Array<[string, string, Record<string, unknown>]> = [
      ['orgProperty', '3', { ...rest, propertyValue: value }],
      ['receivingEmail', '4', { id: 4, code: 'MAIN', email: 'in@acme.example' }],
      ['senderSource', '5', { id: 5, domain: 'acme.example' }],
      ['ediExportSetting', '6', { id: 6, docType: 'po', orderFormat: 0, type: 'LOCAL', ftpServer: null, ftpDir: null, user: null, endpoint: null }],
      ['otherOrgProperty', 'UNI/X', { otherOrg: 'UNI', property: 'X', value: '1' }],
      ['uomMapping', 'SUPACMESCI01', { mapping: { KG: 'KILO' } }],
      ['buyerSettings', 'SUPACMESCI01', { taxCodes: { taxableCode: 'T', nonTaxableCode: 'N' } }],
      ['buyerSellerProps', 'SUPACMESCI01/SUPOTHER0001', { sellerId: 'SUPOTHER0001', code: 'AC-1' }],
    ];
    for (const [entity, key, row] of renamedRows) {
      const feed = scriptedFetch(() => ({ status: 200, body: { changes: [{ entity, key, op: 'upsert', rev: 7, row }], cursor: 7, hasMore: false } }));
      await expect(pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, orgScope)).rejects.toThrow(
        `The server sent an entity of type ${entity} in an unexpected shape`,
      );
    }
    expect(await db.properties.get([orgScope, '3'])).toMatchObject({ value: 'a@acme.example' });
    expect(await db.cursors.get(orgScope)).toBeUndefined();
  });

  it('from the changes feed keep the settings of an organisation typed: the UOM mapping whole, the conflict count, the code for a supplier', async () => {
    db = freshDb();
    const changes = [
      { entity: 'uomMapping', key: 'SUPACMESCI01', op: 'upsert', rev: 4, row: { KG: 'KILO', EA: 'EACH' } },
      { entity: 'otherOrgProperty', key: 'UNI/SUPPLIER_CODE', op: 'upsert', rev: 5, row: { otherOrgUniqueKey: 'UNI', property: 'SUPPLIER_CODE', value: 'S1', records: 2 } },
      { entity: 'buyerSellerProps', key: 'SUPACMESCI01/SUPOTHER0001', op: 'upsert', rev: 6, row: { sellerId: 'SUPOTHER0001', supplierCode: 'AC-1', notInTheSchema: 'x' } },
      { entity: 'buyerSettings', key: 'SUPACMESCI01', op: 'upsert', rev: 7, row: { taxCodeMapping: { taxableCode: 'T', nonTaxableCode: 'N' } } },
    ];
    const feed = scriptedFetch(() => ({ status: 200, body: { changes, cursor: 7, hasMore: false } }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, orgScope);

    // The unit names are kept apart from the store's own fields, under `mapping`, where the UOM Mapping tab reads them.
    expect((await db.uomMappings.get([orgScope, 'SUPACMESCI01']))?.mapping).toEqual({ KG: 'KILO', EA: 'EACH' });
    // Two records of one account and name: the spec's conflict, which the screens show instead of a value.
    expect((await db.otherOrgProperties.get([orgScope, 'UNI/SUPPLIER_CODE']))?.records).toBe(2);
    const code = await db.buyerSellerProps.get([orgScope, 'SUPACMESCI01/SUPOTHER0001']);
    expect(code).toEqual({ sellerId: 'SUPOTHER0001', supplierCode: 'AC-1', scope: orgScope, key: 'SUPACMESCI01/SUPOTHER0001', rev: 6 });
    expect((await db.buyerSettings.get([orgScope, 'SUPACMESCI01']))?.taxCodeMapping.taxableCode).toBe('T');
    expect((await db.cursors.get(orgScope))?.rev).toBe(7);
  });

  it('of accounts, users, pricelists, prices and counterparts are parsed: kept as the schema shapes them, refused when a field was renamed', async () => {
    db = freshDb();
    const supportScope = 'org:SUPPORT00001';
    const account = {
      uniqueKey: 'UNIWESTMERE1', orgNo: 2, name: 'Westmere University', tradingName: null, type: 2, countryNo: 13, address2: null,
      state: null, postCode: null, email: null, industryNo: 1, membershipStatus: 'ACTIVE', busy: false, alert: false,
    };
    const user = { userNo: 9, firstName: 'Ann', lastName: 'Lee', email: 'ann@uni.example', username: 'ann@uni.example', type: 'REGULAR' };
    const pricelist = { pricelistId: 5, name: 'Term 1' };
    const group = { productCode: 'P1', prices: [{ uom: 'EA', startDate: '2026-01-01', lowerQuantity: 1, upperQuantity: null, price: 2.5 }] };
    const ctx = (body: unknown) => ({ db: asSyncDb(db), fetch: scriptedFetch(() => ({ status: 200, body })).fetch });

    await mirrorAccountPage(ctx([{ ...account, notInTheSchema: 'x' }]), supportScope, 0);
    expect(await db.accounts.get([supportScope, 'UNIWESTMERE1'])).toEqual({ ...account, scope: supportScope, key: 'UNIWESTMERE1', rev: 0 });
    await mirrorUserPage(ctx([{ ...user, notInTheSchema: 'x' }]), supportScope, 0, 'UNIWESTMERE1');
    expect(await db.users.get([supportScope, '9'])).toEqual({ ...user, orgId: 'UNIWESTMERE1', scope: supportScope, key: '9', rev: 0 });
    await mirrorPricelistPage(ctx({ data: [{ ...pricelist, notInTheSchema: 'x' }], cursor: null }), scope, null);
    expect(await db.pricelists.get([scope, '5'])).toEqual({ ...pricelist, scope, key: '5', rev: 0 });
    await mirrorPricePage(ctx({ data: [{ ...group, notInTheSchema: 'x' }], cursor: null }), scope, '5', null);
    expect((await db.prices.toArray()).map(({ productCode, prices, pricelistId }) => ({ productCode, prices, pricelistId }))).toEqual([
      { ...group, pricelistId: '5' },
    ]);
    await mirrorCounterparts(ctx([{ uniqueKey: 'UNIWESTMERE1', name: 'Westmere University', type: 2, orgNo: 2 }]), 'SUPACMESCI01', 2);
    expect(await db.accounts.get([orgScope, 'UNIWESTMERE1'])).toEqual({ uniqueKey: 'UNIWESTMERE1', name: 'Westmere University', type: 2, scope: orgScope, key: 'UNIWESTMERE1', rev: 0 });

    const { name, ...unnamed } = account;
    await expect(mirrorAccountPage(ctx([{ ...unnamed, accountName: name }]), supportScope, 0)).rejects.toBeInstanceOf(ApiError);
    const { firstName, ...userRest } = user;
    await expect(mirrorUserPage(ctx([{ ...userRest, givenName: firstName }]), supportScope, 0, 'UNIWESTMERE1')).rejects.toBeInstanceOf(ApiError);
    await expect(mirrorPricelistPage(ctx({ data: [{ id: 6, name: 'Term 2' }], cursor: null }), scope, null)).rejects.toBeInstanceOf(ApiError);
    await expect(mirrorPricePage(ctx({ data: [{ code: 'P2', prices: [] }], cursor: null }), scope, '5', null)).rejects.toBeInstanceOf(ApiError);
    await expect(mirrorCounterparts(ctx([{ key: 'UNIOTHER0001', name: 'Other', type: 2 }]), 'SUPACMESCI01', 2)).rejects.toBeInstanceOf(ApiError);
    expect(await db.pricelists.count()).toBe(1);
    expect(await db.prices.count()).toBe(1);

    const feedRows: Array<[string, string, string, Record<string, unknown>]> = [
      [supportScope, 'account', 'UNIWESTMERE1', { ...unnamed, accountName: name }],
      [supportScope, 'user', '9', user],
      [scope, 'pricelist', '5', pricelist],
    ];
    for (const [feedScope, entity, key, row] of feedRows) {
      const feed = scriptedFetch(() => ({ status: 200, body: { changes: [{ entity, key, op: 'upsert', rev: 7, row }], cursor: 7, hasMore: false } }));
      await expect(pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, feedScope)).rejects.toThrow(
        `The server sent an entity of type ${entity} in an unexpected shape`,
      );
    }
    expect(await db.cursors.get(supportScope)).toBeUndefined();
  });

  describe('in a fill chunk', () => {
    type Chunk = { fields: string[]; rows: unknown[][]; metas: unknown[][]; crumbs: unknown[] };
    const SELLER = 'SUPACMESCI01';
    /** A fill of three products (one chunk) whose chunk answer `spoil` changes. */
    async function fillWith(spoil: (chunk: Chunk) => void) {
      db = freshDb();
      const wrappers = ['P1', 'P2', 'P3'].map((code) => productWrapper(SELLER, code));
      const { fetch } = scriptedFetch((request) => {
        const url = new URL(request.url, 'http://x');
        if (!url.pathname.includes('/products/fill')) return { status: 200, body: { data: wrappers.slice(0, 1), cursor: 'P1' } };
        const body = fillAnswer(url, wrappers);
        if (url.pathname.endsWith('/chunk')) spoil(body as Chunk);
        return { status: 200, body };
      });
      const result = await mirrorProductFill({ db: asSyncDb(db), fetch }, scope, SELLER, null, { size: 5 });
      const fillChunks = (await db.productChunks.toArray()).filter((c) => c.json.startsWith('{"fields"'));
      return { result, fillChunks };
    }
    const column = (field: (typeof FILL_PRODUCT_FIELDS)[number]) => FILL_PRODUCT_FIELDS.indexOf(field);

    it('is stored as sent when every row has the shape of the schema', async () => {
      const { result, fillChunks } = await fillWith(() => undefined);
      expect(result).toEqual({ count: 3, next: null, failed: false });
      expect(fillChunks).toHaveLength(1);
    });

    it.each<[string, (chunk: Chunk) => void]>([
      ['a product field renamed', (c) => (c.fields[column('description')] = 'productDescription')],
      ['a product field the browser does not know', (c) => c.fields.push('colour')],
      ['a value of the wrong type', (c) => (c.rows[1]![column('leadTime')] = 'three days')],
      ['a null where the schema wants a value', (c) => (c.rows[2]![column('productCode')] = null)],
      ['a row a value short', (c) => c.rows[0]!.splice(column('comments'), 1)],
      ['a barcode without its code', (c) => (c.rows[0]![column('barcodes')] = [{ uom: 'EA', type: 'EAN13' }])],
      ['a breadcrumb outside the chunk', (c) => (c.rows[0]![c.rows[0]!.length - 1] = 7)],
      ['a breadcrumb index that is not a whole number', (c) => (c.rows[0]![c.rows[0]!.length - 1] = 0.5)],
      ['a key the chunk does not have', (c) => Object.assign(c, { extra: true })],
    ])('is refused, and nothing of it stored, with %s', async (_, spoil) => {
      const { result, fillChunks } = await fillWith(spoil);
      expect(result).toMatchObject({ failed: true });
      expect(fillChunks).toHaveLength(0);
    });
  });
});
