import { fetchChanges, type FeedChange } from '../api/mirror-calls';
import { applyRows } from './apply-rows';
import { MIRRORED_LISTS } from './mirror-lists';
import { tableOfEntity } from './mirror-tables';
import { productKeyOfFeedKey } from './row-keys';
import { parseScope } from './scope';
import type { RowWrite } from './split-row';
import type { SyncDb } from './store-schema';

export const CHANGES_PAGE_SIZE = 500;

export interface PullContext {
  db: SyncDb;
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Rows applied so far in this pull, for the first-mirror progress bar. */
  onProgress?: (applied: number, hasMore: boolean) => void;
}

function toWrite(scope: string, change: FeedChange): RowWrite | null {
  const table = tableOfEntity(change.entity);
  if (!table) return null;
  const key = table === 'products' ? productKeyOfFeedKey(change.key) : change.key;
  if (change.op === 'delete') return { table, scope, key, rev: change.rev, row: null };
  return change.row ? { table, scope, key, rev: change.rev, row: change.row } : null;
}

/** The feed sends some upserts without their row ("fetch it yourself"): these are the ones a detail call can fetch. */
const REFETCH: Record<string, (ctx: PullContext, scope: string, key: string) => Promise<void>> = {
  order: async (ctx, scope, key) => void (await MIRRORED_LISTS.order(ctx, scope, key)),
  invoice: async (ctx, scope, key) => void (await MIRRORED_LISTS.invoice(ctx, scope, key)),
};

/**
 * Pulls one scope's changes feed from its cursor until the server says there is no
 * more. Each page is fetched first, then applied with the new cursor in one Dexie
 * transaction: the network is never awaited inside a transaction, and a cursor never
 * moves past rows that were not stored.
 */
export async function pullScope(ctx: PullContext, scope: string): Promise<number> {
  const { kind, orgKey } = parseScope(scope);
  let since = (await ctx.db.cursors.get(scope))?.rev ?? 0;
  let applied = 0;
  for (;;) {
    if (ctx.signal.aborted) return applied;
    const page = await fetchChanges(kind, orgKey, since, CHANGES_PAGE_SIZE, { fetch: ctx.fetch });
    const writes = page.changes.map((c) => toWrite(scope, c)).filter((w): w is RowWrite => w !== null);
    const cursor = page.cursor;
    await applyRows(ctx.db, writes, 'replace', async () => {
      await ctx.db.cursors.put({ scope, rev: cursor });
    });
    for (const c of page.changes) {
      if (c.op === 'upsert' && c.row === undefined) await REFETCH[c.entity]?.(ctx, scope, c.key);
    }
    applied += page.changes.length;
    since = cursor;
    ctx.onProgress?.(applied, page.hasMore);
    if (!page.hasMore) return applied;
  }
}
