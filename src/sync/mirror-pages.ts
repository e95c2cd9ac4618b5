import { ApiError } from '../api/api-error';
import {
  fetchAccountPage,
  fetchAsnPage,
  fetchHistory,
  fetchInvoice,
  fetchInvoicePage,
  fetchOrder,
  fetchOrderPage,
  fetchProduct,
  fetchProductPage,
  fetchPropertyPage,
  fetchUserPage,
  type ListPage,
  type Row,
} from '../api/mirror-calls';
import { PAGE_SIZE } from '../domain/constants';
import type { ProductWrapper } from '../domain/schemas/catalogue';
import { applyRows } from './apply-rows';
import { storeProductPage, type FillPosition } from './product-chunks';
import { productKey } from './row-keys';
import { parseScope } from './scope';
import { splitRow, type RowWrite } from './split-row';
import type { MirrorTable, SyncDb } from './store-schema';

/**
 * On-demand mirroring of what a screen is about to show: a list page or one detail.
 * Any tab may do this (it only reads from the server and writes idempotently), so a
 * list in a follower tab does not wait for the leader.
 */
export interface MirrorContext {
  db: SyncDb;
  fetch: typeof fetch;
}

/** `full`: a whole page came back, so the next offset is `offset + limit` (the spec's paging rule). */
export interface OffsetPageResult {
  count: number;
  full: boolean;
}

export interface CursorPageResult {
  count: number;
  /** The cursor of the next page; null at the end. */
  next: string | null;
}

function keyOf(row: Row, fields: string[]): string {
  for (const field of fields) {
    const value = row[field];
    if (value !== undefined && value !== null) return String(value);
  }
  throw new Error(`A row without a key (${fields.join(', ')})`);
}

const revOf = (row: Row) => (typeof row.rev === 'number' ? row.rev : 0);

function writesOf(table: MirrorTable, scope: string, rows: Row[], keyFields: string[]): RowWrite[] {
  return rows.map((row) => ({ table, scope, key: keyOf(row, keyFields), rev: revOf(row), row }));
}

export async function mirrorOrderPage(
  ctx: MirrorContext,
  scope: string,
  offset: number,
  orderNumberLike?: string,
): Promise<OffsetPageResult> {
  const { kind, orgKey } = parseScope(scope);
  const page = await fetchOrderPage(kind, orgKey, { offset, limit: PAGE_SIZE, orderNumberLike }, { fetch: ctx.fetch });
  await applyRows(ctx.db, writesOf('orders', scope, page.rows, ['id']), 'merge');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

/**
 * `found: false` when the server answered 404: the order is not (or no longer) this
 * organisation's, so a held copy goes too and the screen can say 'Unknown Order'.
 * Any other failure (offline, 5xx) rejects, and what the store holds stays.
 */
export async function mirrorOrder(ctx: MirrorContext, scope: string, orderId: string): Promise<{ found: boolean }> {
  const { kind, orgKey } = parseScope(scope);
  let order: Row;
  try {
    order = await fetchOrder(kind, orgKey, orderId, { fetch: ctx.fetch });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await applyRows(ctx.db, [{ table: 'orders', scope, key: orderId, rev: 0, row: null }], 'replace');
    return { found: false };
  }
  await applyRows(ctx.db, writesOf('orders', scope, [order], ['id']), 'replace');
  return { found: true };
}

/** One page of a scope's ASNs, optionally of one order number (the order screen's ASN list). */
export async function mirrorAsnPage(
  ctx: MirrorContext,
  scope: string,
  offset: number,
  orderNumber?: string,
): Promise<OffsetPageResult> {
  const { kind, orgKey } = parseScope(scope);
  const page = await fetchAsnPage(kind, orgKey, { offset, limit: PAGE_SIZE, orderNumber }, { fetch: ctx.fetch });
  await applyRows(ctx.db, writesOf('asns', scope, page.rows, ['id']), 'replace');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

/** The records that have a history drawer. */
export type HistoryEntity = 'order' | 'asn' | 'invoice';

/** Where a history list is kept: `entityKey` names the record, `view` the type asked for (`*` for all). */
export const historyEntityKey = (entity: HistoryEntity, id: string) => `${entity}:${id}`;

/**
 * The history of one order, ASN or invoice. The server's entries have no ids, so each fetch
 * replaces the held list of that entity and type as a whole.
 */
export async function mirrorHistory(
  ctx: MirrorContext,
  scope: string,
  entity: HistoryEntity,
  id: string,
  type?: string,
): Promise<void> {
  const { kind, orgKey } = parseScope(scope);
  const entries = await fetchHistory(kind, orgKey, `/${entity}/${encodeURIComponent(id)}`, type, { fetch: ctx.fetch });
  const entityKey = historyEntityKey(entity, id);
  const view = type ?? '*';
  await ctx.db.transaction('rw', ctx.db.history, async () => {
    const held = await ctx.db.history.where('[scope+entityKey]').equals([scope, entityKey]).toArray();
    await ctx.db.history.bulkDelete(held.filter((r) => r.view === view).map((r) => [r.scope, r.key] as [string, string]));
    await ctx.db.history.bulkPut(
      entries.map((entry, i) => ({ ...entry, scope, key: `${entityKey}|${view}|${i}`, rev: 0, entityKey, view, position: i })),
    );
  });
}

export async function mirrorInvoicePage(
  ctx: MirrorContext,
  scope: string,
  offset: number,
  veStatus?: string,
): Promise<OffsetPageResult> {
  const { orgKey } = parseScope(scope);
  const page = await fetchInvoicePage(orgKey, { offset, limit: PAGE_SIZE, veStatus }, { fetch: ctx.fetch });
  await applyRows(ctx.db, writesOf('invoices', scope, page.rows, ['oiid', 'id']), 'merge');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

/** As mirrorOrder: `found: false` on a 404 (the held copy goes too, the screen says 'No Data!'). */
export async function mirrorInvoice(ctx: MirrorContext, scope: string, invoiceId: string): Promise<{ found: boolean }> {
  const { orgKey } = parseScope(scope);
  let invoice: Row;
  try {
    invoice = await fetchInvoice(orgKey, invoiceId, { fetch: ctx.fetch });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    await applyRows(ctx.db, [{ table: 'invoices', scope, key: invoiceId, rev: 0, row: null }], 'replace');
    return { found: false };
  }
  await applyRows(ctx.db, writesOf('invoices', scope, [invoice], ['oiid', 'id']), 'replace');
  return { found: true };
}

export async function mirrorPropertyPage(ctx: MirrorContext, scope: string, offset: number): Promise<OffsetPageResult> {
  const { orgKey } = parseScope(scope);
  const page = await fetchPropertyPage(orgKey, { offset, limit: PAGE_SIZE }, { fetch: ctx.fetch });
  await applyRows(ctx.db, writesOf('properties', scope, page.rows, ['orgPropertyNo']), 'merge');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

/**
 * One page of the accounts list, optionally of the names containing `nameLike`, into
 * the support organisation's scope (where the changes feed keeps them fresh).
 */
export async function mirrorAccountPage(ctx: MirrorContext, scope: string, offset: number, nameLike?: string): Promise<OffsetPageResult> {
  const page = await fetchAccountPage({ offset, limit: PAGE_SIZE, nameLike: nameLike || undefined }, { fetch: ctx.fetch });
  await applyRows(ctx.db, writesOf('accounts', scope, page.rows, ['uniqueKey']), 'merge');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

/** One page of an account's user community; the rows name their account as the changes feed's do (`orgId`). */
export async function mirrorUserPage(ctx: MirrorContext, scope: string, orgId: string, offset: number): Promise<OffsetPageResult> {
  const page = await fetchUserPage(orgId, { offset, limit: PAGE_SIZE }, { fetch: ctx.fetch });
  const rows = page.rows.map((row) => ({ ...row, orgId }));
  await applyRows(ctx.db, writesOf('users', scope, rows, ['userNo']), 'merge');
  return { count: page.rows.length, full: page.rows.length === PAGE_SIZE };
}

function productWrites(scope: string, sellerId: string, rows: Row[]): RowWrite[] {
  return rows.map((row) => {
    const product = (row.product && typeof row.product === 'object' ? row.product : row) as Row;
    const code = keyOf(product, ['productCode']);
    return { table: 'products', scope, key: productKey(sellerId, code), rev: revOf(row), row: { ...row, sellerId } };
  });
}

export interface ProductPageResult {
  count: number;
  /** Where the fill goes on; null at the end of the catalogue, or when another tab began a newer fill of it. */
  next: FillPosition | null;
}

/** The buyer whose view a scope reads: its meta comes along with each product. */
export const buyerOf = (scope: string) => {
  const { kind, orgKey } = parseScope(scope);
  return kind === 'buyer' ? orgKey : null;
};

/** A page fetched and checked, not stored yet. */
type FetchedPage = ListPage<ProductWrapper>;

const fetchPage = (ctx: MirrorContext, scope: string, sellerId: string, limit: number, cursor?: string): Promise<FetchedPage> =>
  fetchProductPage(sellerId, buyerOf(scope), { limit, cursor }, { fetch: ctx.fetch });

/** Stores a fetched page as a chunk of the fill, the buyer's metas beside it in the same transaction. */
async function storePage(ctx: MirrorContext, scope: string, sellerId: string, from: FillPosition | null, page: FetchedPage): Promise<ProductPageResult> {
  const metas = buyerOf(scope)
    ? productWrites(scope, sellerId, page.rows.filter((w) => w.meta)).flatMap((write) => splitRow(write).attached)
    : [];
  const cursor = page.rows.length === 0 ? null : page.cursor;
  let fill: string | null = null;
  await applyRows(ctx.db, metas, 'replace', async () => {
    fill = await storeProductPage(ctx.db, scope, sellerId, from, { products: page.rows.map((w) => w.product), json: page.text }, cursor === null);
  });
  return { count: page.rows.length, next: fill && cursor !== null ? { fill, cursor } : null };
}

/**
 * One page of a seller's catalogue into a chunk of a fill (product-chunks.ts); `from`
 * null begins a new fill at the first page. In a buyer scope the buyer's meta comes
 * along (kept per row, beside the chunk, in the same transaction). The screen asks for
 * the spec's 20 first, then mirrorProductFill does the rest.
 */
export async function mirrorProductPage(
  ctx: MirrorContext,
  scope: string,
  sellerId: string,
  from: FillPosition | null,
  limit: number = PAGE_SIZE,
): Promise<ProductPageResult> {
  return storePage(ctx, scope, sellerId, from, await fetchPage(ctx, scope, sellerId, limit, from?.cursor));
}

/**
 * One page (the spec's 20) of the server's search of a seller's catalogue, `q` being
 * code or description: for what the device does not hold yet (a fill under way, or a
 * catalogue never mirrored). The hits join the per-row overlay like a detail fetch, so
 * the local search finds them beside the chunks' products, each product once; a row
 * the changes feed wrote later, or a pending include, is kept over the server's.
 */
export async function mirrorProductSearchPage(
  ctx: MirrorContext,
  scope: string,
  sellerId: string,
  text: string,
  cursor: string | null,
): Promise<CursorPageResult> {
  const page = await fetchProductPage(sellerId, buyerOf(scope), { limit: PAGE_SIZE, cursor: cursor ?? undefined, q: text }, { fetch: ctx.fetch });
  await applyRows(ctx.db, productWrites(scope, sellerId, page.rows), 'merge');
  return { count: page.rows.length, next: page.rows.length === 0 ? null : page.cursor };
}

/** One product (the drawer and the product page); a 404 removes a held copy and answers `found: false`. */
export async function mirrorProduct(ctx: MirrorContext, scope: string, sellerId: string, productCode: string): Promise<{ found: boolean }> {
  const { kind, orgKey } = parseScope(scope);
  let row: Row;
  try {
    row = await fetchProduct(sellerId, kind === 'buyer' ? orgKey : null, productCode, { fetch: ctx.fetch });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await applyRows(ctx.db, [{ table: 'products', scope, key: productKey(sellerId, productCode), rev: 0, row: null }], 'replace');
    return { found: false };
  }
  await applyRows(ctx.db, productWrites(scope, sellerId, [row]), 'replace');
  return { found: true };
}
