import { ApiError } from '../api/api-error';
import { fetchHistory, fetchProduct, fetchProductPage, type ListPage, type Row } from '../api/mirror-calls';
import { PAGE_SIZE } from '../domain/constants';
import type { ProductWrapper } from '../domain/schemas/catalogue';
import { applyRows } from './apply-rows';
import { keyOf, revOf, type CursorPageResult, type MirrorContext } from './mirror-kinds';
import { storeProductPage, type FillPosition } from './product-chunks';
import { productKey } from './row-keys';
import { parseScope } from './scope';
import { splitRow, type RowWrite } from './split-row';

/**
 * The kinds of mirroring that are more than a declared list (mirror-lists.ts): a record's
 * history, and a seller's catalogue page by page, searched, or one product.
 */

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
