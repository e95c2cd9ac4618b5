import type { MirrorTable } from './store-schema';

/** The changes feed's entity names (as the server passes them to `recordChange`) and the table mirroring each. */
export const ENTITY_TABLES: Record<string, MirrorTable> = {
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
