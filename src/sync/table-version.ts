import type { MirrorTable, SyncDb } from './store-schema';

/**
 * A counter per table, bumped in the transaction that writes server rows into it.
 * In-memory caches over a table (the product search) compare it to know whether
 * any tab has written since they were built.
 */
const metaKey = (table: MirrorTable) => `tableVersion:${table}`;

export async function bumpTableVersion(db: SyncDb, table: MirrorTable): Promise<void> {
  const current = ((await db.meta.get(metaKey(table)))?.value as number | undefined) ?? 0;
  await db.meta.put({ key: metaKey(table), value: current + 1 });
}

export async function tableVersion(db: SyncDb, table: MirrorTable): Promise<number> {
  return ((await db.meta.get(metaKey(table)))?.value as number | undefined) ?? 0;
}
