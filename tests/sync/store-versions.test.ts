import { afterEach, describe, expect, it } from 'vitest';
import type { LocalDatabase } from '../../src/local/db/local-database';
import { MIRROR_TABLES, tableOfEntity } from '../../src/sync/mirror-tables';
import { LATER_VERSIONS, STORES_V1, STORES_V2 } from '../../src/sync/store-schema';
import { freshDb } from './helpers/fresh-db';

let db: LocalDatabase | undefined;
afterEach(() => db?.close());

/**
 * The store's versions are derived from the table declarations (mirror-tables.ts), and
 * browsers hold them: a declaration that changed a version already shipped (a new table
 * without a new `since`, an index edited in place) would leave those browsers with a
 * schema Dexie cannot upgrade. So the shipped versions are written out here in full.
 */
const V1 = {
  orders: '[scope+key], [scope+orderDate]',
  orderLines: '[scope+key], [scope+orderId]',
  asns: '[scope+key], [scope+orderNumber]',
  asnDrafts: '[scope+key], [scope+orderId]',
  invoices: '[scope+key], [scope+veStatus]',
  invoiceDocuments: '[scope+key]',
  invoiceMessages: '[scope+key]',
  products: '[scope+key], [scope+sellerId]',
  productMeta: '[scope+key]',
  pricelists: '[scope+key]',
  prices: '[scope+key], [scope+pricelistId]',
  accounts: '[scope+key], [scope+name]',
  users: '[scope+key], [scope+orgKey]',
  properties: '[scope+key], [scope+property]',
  otherOrgProperties: '[scope+key]',
  receivingEmails: '[scope+key]',
  senderSources: '[scope+key]',
  ediExports: '[scope+key]',
  uomMappings: '[scope+key]',
  buyerSettings: '[scope+key]',
  buyerSellerProps: '[scope+key]',
  history: '[scope+key], [scope+entityKey]',
  outbox: 'id, seq, state, *touchIds',
  bases: 'id',
  cursors: 'scope',
  meta: 'key',
};

describe('the store versions derived from the table declarations', () => {
  it('are the versions browsers hold: 1, 2 (category trees), 3 (catalogue chunks), 4 (invoice matching)', async () => {
    expect(STORES_V1).toEqual(V1);
    expect(STORES_V2).toEqual({ categoryTrees: '[scope+key]' });
    expect(LATER_VERSIONS).toEqual([{ version: 4, stores: { invoiceMatching: '[scope+key]' } }]);

    db = freshDb();
    await db.open();
    expect(db.verno).toBe(4);
    expect(db.tables.map((t) => t.name).sort()).toEqual([...MIRROR_TABLES, 'outbox', 'bases', 'cursors', 'meta', 'productChunks'].sort());
  });

  it('map each entity of the changes feed to its table, and no other', () => {
    const entities = {
      order: 'orders',
      asn: 'asns',
      invoice: 'invoices',
      product: 'products',
      productMeta: 'productMeta',
      pricelist: 'pricelists',
      account: 'accounts',
      user: 'users',
      orgProperty: 'properties',
      otherOrgProperty: 'otherOrgProperties',
      receivingEmail: 'receivingEmails',
      senderSource: 'senderSources',
      ediExportSetting: 'ediExports',
      uomMapping: 'uomMappings',
      buyerSettings: 'buyerSettings',
      buyerSellerProps: 'buyerSellerProps',
      categoryTree: 'categoryTrees',
      invoiceMatching: 'invoiceMatching',
    };
    for (const [entity, table] of Object.entries(entities)) expect(tableOfEntity(entity)).toBe(table);
    expect(tableOfEntity('orderLine')).toBeUndefined();
    expect(tableOfEntity('history')).toBeUndefined();
  });
});
