import type { Table } from 'dexie';
import { MIRROR_TABLES, type MirrorTable, type SyncDb } from './store-schema';

/**
 * Every table an outbox or overlay transaction may touch. Commands name their rows
 * at run time, so these transactions lock the whole store: they are short and local.
 */
export function syncTables(db: SyncDb): Table[] {
  return [...MIRROR_TABLES.map((t) => db[t] as Table), db.productChunks, db.outbox, db.bases, db.meta, db.cursors];
}

/** Only the tables of these rows and the outbox's own: for a transaction known to touch no others. */
export function tablesOf(db: SyncDb, tables: Iterable<MirrorTable>): Table[] {
  return [...new Set(tables)].map((t) => db[t] as Table).concat(db.outbox, db.bases, db.meta);
}
