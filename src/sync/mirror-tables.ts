import type {
  AccountRow,
  AsnDraftRow,
  AsnRow,
  BuyerSettingsRow,
  CommunityUserRow,
  EdiExportRow,
  HistoryRow,
  InvoiceDocumentRow,
  InvoiceMatchingRow,
  InvoiceMessageRow,
  InvoiceRow,
  MirrorRow,
  OrderLineRow,
  OrderRow,
  OtherPropertyRow,
  PriceGroupRow,
  PricelistRow,
  ProductMetaRow,
  ProductRow,
  PropertyRow,
  ReceivingEmailRow,
  SenderSourceRow,
  SupplierCodeRow,
  UomMappingRow,
} from './rows';

/**
 * The tables of the browser's mirror, one declaration each: the store schema (indexes,
 * the version that added the table), the changes feed (which entity fills it) and the
 * rows' type all derive from it. A leaf module at run time: the store schema and the
 * outbox entry both name the tables, and the rows' types are imported as types only.
 */
interface TableDeclaration<Row = MirrorRow> {
  /** Secondary indexes; the primary key is always `[scope+key]`. */
  indexes: readonly string[];
  /** The store version that added the table (see store-database.ts); absent for version 1's. */
  since?: number;
  /** The changes feed's entity name (as the server passes it to `recordChange`) whose rows the table holds. */
  entity?: string;
  /** Never set: carries the rows' type. */
  readonly row?: Row;
}

/** A table whose rows have the type `Row` (the server's fields as sent when it has no schema yet). */
const table = <Row = MirrorRow>(declaration: Omit<TableDeclaration<Row>, 'row'>): TableDeclaration<Row> => declaration;

export const MIRRORED_TABLES = {
  orders: table<OrderRow>({ indexes: ['[scope+orderDate]'], entity: 'order' }),
  orderLines: table<OrderLineRow>({ indexes: ['[scope+orderId]'] }),
  asns: table<AsnRow>({ indexes: ['[scope+orderNumber]'], entity: 'asn' }),
  asnDrafts: table<AsnDraftRow>({ indexes: ['[scope+orderId]'] }),
  invoices: table<InvoiceRow>({ indexes: ['[scope+veStatus]'], entity: 'invoice' }),
  invoiceDocuments: table<InvoiceDocumentRow>({ indexes: [] }),
  invoiceMessages: table<InvoiceMessageRow>({ indexes: [] }),
  products: table<ProductRow>({ indexes: ['[scope+sellerId]'], entity: 'product' }),
  productMeta: table<ProductMetaRow>({ indexes: [], entity: 'productMeta' }),
  pricelists: table<PricelistRow>({ indexes: [], entity: 'pricelist' }),
  prices: table<PriceGroupRow>({ indexes: ['[scope+pricelistId]'] }),
  accounts: table<AccountRow>({ indexes: ['[scope+name]'], entity: 'account' }),
  users: table<CommunityUserRow>({ indexes: ['[scope+orgKey]'], entity: 'user' }),
  properties: table<PropertyRow>({ indexes: ['[scope+property]'], entity: 'orgProperty' }),
  otherOrgProperties: table<OtherPropertyRow>({ indexes: [], entity: 'otherOrgProperty' }),
  receivingEmails: table<ReceivingEmailRow>({ indexes: [], entity: 'receivingEmail' }),
  senderSources: table<SenderSourceRow>({ indexes: [], entity: 'senderSource' }),
  ediExports: table<EdiExportRow>({ indexes: [], entity: 'ediExportSetting' }),
  uomMappings: table<UomMappingRow>({ indexes: [], entity: 'uomMapping' }),
  buyerSettings: table<BuyerSettingsRow>({ indexes: [], entity: 'buyerSettings' }),
  buyerSellerProps: table<SupplierCodeRow>({ indexes: [], entity: 'buyerSellerProps' }),
  history: table<HistoryRow>({ indexes: ['[scope+entityKey]'] }),
  categoryTrees: table({ indexes: [], since: 2, entity: 'categoryTree' }),
  invoiceMatching: table<InvoiceMatchingRow>({ indexes: [], since: 4, entity: 'invoiceMatching' }),
};

export type MirrorTable = keyof typeof MIRRORED_TABLES;
export const MIRROR_TABLES = Object.keys(MIRRORED_TABLES) as MirrorTable[];

/** The rows of one table, with their type where they have one. */
export type MirrorRowOf<T extends MirrorTable> = (typeof MIRRORED_TABLES)[T] extends TableDeclaration<infer Row> ? Row : never;

const TABLE_OF_ENTITY = new Map(MIRROR_TABLES.flatMap((t) => (MIRRORED_TABLES[t].entity ? [[MIRRORED_TABLES[t].entity, t] as const] : [])));

/** The table mirroring one entity of the changes feed; undefined for an entity this browser does not keep. */
export const tableOfEntity = (entity: string): MirrorTable | undefined => TABLE_OF_ENTITY.get(entity);
