import {
  fetchAccountPage,
  fetchAsnPage,
  fetchInvoice,
  fetchInvoicePage,
  fetchOrder,
  fetchOrderPage,
  fetchPropertyPage,
  fetchSupplierPage,
  fetchUserPage,
} from '../api/mirror-calls';
import { fetchPricelistPage } from '../api/preference-mirror-calls';
import { ACCOUNT_TYPES, SUPPLIER_PICKLIST_PAGE_SIZE } from '../domain/constants';
import { accountNameMatches } from '../domain/rules/accounts';
import { cursorList, detail, offsetList } from './mirror-kinds';

/**
 * The lists and details mirrored as declared: one declaration each, naming the scopes
 * the rows live under, their table, their key and the API call that fetches them (the
 * call parses the answer with the entity's schema). The registry (mirror-registry.ts)
 * gives them their names for the engine and the worker API; the table is declared in
 * mirror-tables.ts. A new list is one entry here.
 */
export const MIRRORED_LISTS = {
  orderPage: offsetList({
    scopes: ['seller', 'buyer'],
    table: 'orders',
    key: ['id'],
    mode: 'merge',
    page: ({ kind, orgKey }, query, call, orderNumberLike?: string) => fetchOrderPage(kind, orgKey, { ...query, orderNumberLike }, call),
  }),
  /** 404: the order is not (or no longer) this organisation's; the screen says 'Unknown Order'. */
  order: detail({
    scopes: ['seller', 'buyer'],
    table: 'orders',
    key: ['id'],
    gone: [404],
    fetch: ({ kind, orgKey }, orderId, call) => fetchOrder(kind, orgKey, orderId, call),
  }),
  /** A scope's ASNs, optionally of one order number (the order screen's ASN list). */
  asnPage: offsetList({
    scopes: ['seller', 'buyer'],
    table: 'asns',
    key: ['id'],
    mode: 'replace',
    page: ({ kind, orgKey }, query, call, orderNumber?: string) => fetchAsnPage(kind, orgKey, { ...query, orderNumber }, call),
  }),
  invoicePage: offsetList({
    scopes: ['buyer'],
    table: 'invoices',
    key: ['oiid', 'id'],
    mode: 'merge',
    page: ({ orgKey }, query, call, veStatus?: string) => fetchInvoicePage(orgKey, { ...query, veStatus }, call),
  }),
  /** 404 or 400 (not an invoice id): the screen says 'No Data!'. */
  invoice: detail({
    scopes: ['buyer'],
    table: 'invoices',
    key: ['oiid', 'id'],
    gone: [404, 400],
    fetch: ({ orgKey }, invoiceId, call) => fetchInvoice(orgKey, invoiceId, call),
  }),
  propertyPage: offsetList({
    scopes: ['org'],
    table: 'properties',
    key: ['orgPropertyNo'],
    mode: 'merge',
    page: ({ orgKey }, query, call) => fetchPropertyPage(orgKey, query, call),
  }),
  /**
   * The accounts list, optionally of the names containing `nameLike`, into the support
   * organisation's scope (where the changes feed keeps them fresh).
   */
  accountPage: offsetList({
    scopes: ['org'],
    table: 'accounts',
    key: ['uniqueKey'],
    mode: 'merge',
    page: (_scope, query, call, nameLike?: string) => fetchAccountPage({ ...query, nameLike: nameLike || undefined }, call),
  }),
  /** An account's user community; the rows name their account as the changes feed's do (`orgId`). */
  userPage: offsetList({
    scopes: ['org'],
    table: 'users',
    key: ['userNo'],
    mode: 'merge',
    page: (_scope, query, call, orgId: string) => fetchUserPage(orgId, query, call),
    row: (row, orgId) => ({ ...row, orgId }),
  }),
  /** A supplier's pricelists (cursor paging). */
  pricelistPage: cursorList({
    scopes: ['seller'],
    table: 'pricelists',
    key: ['pricelistId'],
    page: ({ orgKey }, cursor, call) => fetchPricelistPage(orgKey, cursor, call),
  }),
  /**
   * The buyer's supplier pick list (the catalogue's first step): suppliers only, by name,
   * 100 a page, kept under the buyer's scope so the picker opens offline. The changes
   * feed does not bring accounts there, so a short first page drops the suppliers it
   * no longer lists.
   */
  suppliers: offsetList({
    scopes: ['buyer'],
    table: 'accounts',
    key: ['uniqueKey'],
    mode: 'merge',
    pageSize: SUPPLIER_PICKLIST_PAGE_SIZE,
    page: ({ orgKey }, query, call, nameLike?: string) => fetchSupplierPage(orgKey, { ...query, nameLike: nameLike?.trim() || undefined }, call),
    row: (row) => ({ ...row, type: ACCOUNT_TYPES.SUPPLIER }),
    covers: (row, nameLike?: string) => row.type === ACCOUNT_TYPES.SUPPLIER && accountNameMatches(String(row.name ?? ''), nameLike ?? ''),
  }),
};
