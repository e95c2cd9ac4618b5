import {
  COUNTERPART_PAGE_SIZE,
  fetchCategoryTree,
  fetchCounterpartPage,
  fetchPricelistBuyers,
  fetchPricePage,
} from '../api/preference-mirror-calls';
import { applyRows } from './apply-rows';
import type { CursorPageResult, MirrorContext } from './mirror-kinds';
import { priceGroupKey } from './row-keys';
import { parseScope, scopeId } from './scope';

/**
 * On-demand mirroring for the pricelists and preferences screens beyond the declared
 * lists (mirror-lists.ts): a pricelist's universities, its price pages (which drop the
 * groups a new price file no longer has), a buyer's category tree, and the accounts of
 * the other side of the trade a supplier or a buyer picks from.
 */

/**
 * The universities a pricelist is mapped to, laid over its row (`buyerIds`) so the Map
 * Universities drawer opens offline once seen. The changes feed keeps it fresh after.
 */
export async function mirrorPricelistBuyers(ctx: MirrorContext, scope: string, pricelistId: string): Promise<void> {
  const { orgKey } = parseScope(scope);
  const { buyerIds } = await fetchPricelistBuyers(orgKey, pricelistId, { fetch: ctx.fetch });
  // At the held row's revision: a merge skips rows older than the one held, and this answer is newer than it.
  const held = await ctx.db.pricelists.get([scope, pricelistId]);
  await applyRows(ctx.db, [{ table: 'pricelists', scope, key: pricelistId, rev: held?.rev ?? 0, row: { buyerIds } }], 'merge');
}

/**
 * One page of a pricelist's prices (a group per product code). The first page also
 * drops held groups it no longer has before it, so a new price file never leaves
 * products of the old one behind.
 */
export async function mirrorPricePage(
  ctx: MirrorContext,
  scope: string,
  pricelistId: string,
  cursor: string | null,
): Promise<CursorPageResult> {
  const { orgKey } = parseScope(scope);
  const page = await fetchPricePage(orgKey, pricelistId, cursor, { fetch: ctx.fetch });
  const writes = page.rows.map((row) => {
    const key = priceGroupKey(pricelistId, row.productCode);
    return { table: 'prices' as const, scope, key, rev: 0, row: { ...row, pricelistId } };
  });
  const kept = new Set(writes.map((w) => w.key));
  const last = writes.at(-1)?.key;
  await applyRows(ctx.db, writes, 'replace', async () => {
    if (cursor !== null) return;
    const held = await ctx.db.prices.where('[scope+pricelistId]').equals([scope, pricelistId]).primaryKeys();
    // Without a next page every other group is gone; with one, only those sorting before its end.
    const stale = held.filter(([, key]) => !kept.has(key) && (page.cursor === null || (last !== undefined && key < last)));
    await ctx.db.prices.bulkDelete(stale);
  });
  return { count: page.rows.length, next: page.cursor };
}

export async function mirrorCategoryTree(ctx: MirrorContext, scope: string): Promise<void> {
  const { orgKey } = parseScope(scope);
  const tree = await fetchCategoryTree(orgKey, { fetch: ctx.fetch });
  await applyRows(ctx.db, [{ table: 'categoryTrees', scope, key: orgKey, rev: 0, row: { buyerId: orgKey, tree } }], 'replace');
}

/** How many counterparts a picker mirrors at most (pages of 100). */
const COUNTERPART_LIMIT = 2000;

/**
 * Every account of one type the viewer may list (`org:{own org}` scope of the accounts
 * table): a supplier's universities or a buyer's suppliers, searched in the browser.
 */
export async function mirrorCounterparts(ctx: MirrorContext, ownOrgId: string, type: 1 | 2): Promise<number> {
  const scope = scopeId('org', ownOrgId);
  let total = 0;
  for (let offset = 0; offset < COUNTERPART_LIMIT; offset += COUNTERPART_PAGE_SIZE) {
    const rows = await fetchCounterpartPage(type, offset, { fetch: ctx.fetch });
    await applyRows(ctx.db, rows.map((row) => ({ table: 'accounts', scope, key: row.uniqueKey, rev: 0, row })), 'merge');
    total += rows.length;
    if (rows.length < COUNTERPART_PAGE_SIZE) break;
  }
  return total;
}
