import { ApiError } from '../api/api-error';
import {
  fetchAccountPage,
  fetchAsnPage,
  fetchFillChunk,
  fetchFillPlan,
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
import {
  FILL_CHUNK_DEFAULT,
  FILL_CODE,
  FILL_DESCRIPTION,
  FILL_OTHER_NAME,
  type FillChunk,
  type FillPlan,
  type FillRange,
} from '../domain/schemas/product-fill';
import { applyRows } from './apply-rows';
import { endFill, storeFillChunk, storeProductPage, type FillPosition, type ProductPageText } from './product-chunks';
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
const buyerOf = (scope: string) => {
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

export interface ProductFillResult extends ProductPageResult {
  /** The plan or a chunk could not be fetched (offline, server down): `next` is where to resume. */
  failed: boolean;
}

/** Chunks asked for at once: enough to keep the server, the network and the store busy side by side. */
const FILL_PARALLEL = 3;

/** The key ranges of a plan, in code order. */
function rangesOf(plan: FillPlan): FillRange[] {
  return Array.from({ length: plan.bounds.length + 1 }, (_, i) => ({ from: plan.bounds[i - 1], to: plan.bounds[i] }));
}

/** A checked chunk as the store takes it: the search fields read off its rows, its text kept as sent. */
function chunkPage(chunk: FillChunk, text: string): ProductPageText {
  const products = chunk.rows.map((row: unknown[]) => ({
    productCode: row[FILL_CODE] as string,
    description: row[FILL_DESCRIPTION] as string | null,
    otherName: row[FILL_OTHER_NAME] as string | null,
  }));
  return { products, json: text };
}

/**
 * Stores one chunk as one record, the buyer's metas in it (product-chunks.ts says why),
 * in a transaction of the two stores it writes: an include made meanwhile waits for
 * less, and reads nothing of the outbox's.
 */
function storeChunk(ctx: MirrorContext, scope: string, sellerId: string, fill: string, chunk: FillChunk, text: string) {
  return ctx.db.transaction('rw', [ctx.db.productChunks, ctx.db.meta], () => storeFillChunk(ctx.db, scope, sellerId, fill, chunkPage(chunk, text)));
}

/**
 * A seller's catalogue mirrored with the fill calls. `from` null begins a new fill with
 * the spec's first page (the screen's 20) and asks the server's plan of key ranges at
 * the same time: the two do not wait on each other, which saves the plan's round trip
 * at the start. Then `FILL_PARALLEL` chunks are asked for at once, each stored as it
 * comes while the next ones are fetched; readers see the fill once every chunk is stored (endFill). A failure leaves the
 * fill unseen and answers where to resume (`from` for a new plan; null when even the
 * first page failed, which rejects as mirrorProductPage does).
 */
export async function mirrorProductFill(
  ctx: MirrorContext,
  scope: string,
  sellerId: string,
  start: FillPosition | null,
  size: number = FILL_CHUNK_DEFAULT,
): Promise<ProductFillResult> {
  const buyer = buyerOf(scope);
  const opts = { fetch: ctx.fetch };
  // Settled either way, so a first page that fails leaves no unhandled rejection behind.
  const planned = fetchFillPlan(sellerId, buyer, size, opts).then(
    (plan) => plan,
    () => null,
  );
  let from = start;
  if (!from) {
    const first = await mirrorProductPage(ctx, scope, sellerId, null, PAGE_SIZE);
    if (!first.next) return { count: first.count, next: null, failed: false };
    from = first.next;
  }
  const plan = await planned;
  if (!plan) return { count: 0, next: from, failed: true };
  const { fill } = from;
  const ranges = rangesOf(plan);
  const ids: string[] = [];
  let count = 0;
  let failed = false;
  let overtaken = false;
  let taken = 0;
  // Checked chunks are stored one after another on one chain, and the fetchers do not
  // wait for their own chunk's store: the next fetch (and the server's work on it) runs
  // while the store writes. Store transactions run one at a time anyway.
  let storing: Promise<void> = Promise.resolve();
  const stores: Array<Promise<void>> = [];
  let unstored = 0;
  let storeError: { error: unknown } | null = null;
  const stopped = () => failed || overtaken || storeError !== null;
  const store = (answer: { data: FillChunk; text: string }) => {
    unstored += 1;
    storing = storing
      .then(async () => {
        if (stopped()) return;
        const id = await storeChunk(ctx, scope, sellerId, fill, answer.data, answer.text);
        if (id === false) overtaken = true;
        else if (id !== null) ids.push(id);
        count += answer.data.rows.length;
      })
      // Kept, not thrown on the chain: the fill rejects with it once the fetchers have stopped.
      .catch((error: unknown) => void (storeError ??= { error }))
      .finally(() => void (unstored -= 1));
    stores.push(storing);
  };
  const worker = async () => {
    while (!stopped() && taken < ranges.length) {
      // Memory stays bounded: no more checked chunks wait for the store than are fetched at once.
      while (unstored >= FILL_PARALLEL) await stores[stores.length - unstored];
      if (stopped() || taken >= ranges.length) return;
      const range = ranges[taken++]!;
      try {
        store(await fetchFillChunk(sellerId, buyer, range, opts));
      } catch {
        failed = true;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: FILL_PARALLEL }, worker));
  await storing;
  if (storeError) throw (storeError as { error: unknown }).error;
  if (failed) return { count, next: from, failed: true };
  // Overtaken by a newer fill (another tab): that one ends it.
  if (!overtaken) await endFill(ctx.db, scope, sellerId, fill, ids);
  return { count, next: null, failed: false };
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
