import type { Dexie, Table } from 'dexie';
import type { MirrorRow } from './rows';
import { MIRROR_TABLES, MIRRORED_TABLES, type MirrorRowOf, type MirrorTable } from './mirror-tables';
import type { OutboxEntry } from './outbox-entry';

/**
 * The shape of the browser's store, described here so the sync engine can be handed
 * the database without importing src/local (the layers run domain <- api <- sync <-
 * local). src/local's Dexie subclass declares these tables in its versions and so
 * satisfies `SyncDb`; the worker opens that database and passes it in.
 */
export { MIRROR_TABLES, type MirrorRowOf, type MirrorTable } from './mirror-tables';

/** The tables a version added (1 for those declared without `since`). */
const addedIn = (version: number) => MIRROR_TABLES.filter((t) => (MIRRORED_TABLES[t].since ?? 1) === version);

const storesOf = (tables: readonly MirrorTable[]) =>
  Object.fromEntries(tables.map((t) => [t, ['[scope+key]', ...MIRRORED_TABLES[t].indexes].join(', ')]));

/** Where a pull resumes, per scope. */
export interface CursorRow {
  scope: string;
  rev: number;
}

/** The server's version of a row an unconfirmed outbox entry has changed; see overlay.ts. */
export interface BaseRow {
  id: string;
  table: MirrorTable;
  scope: string;
  key: string;
  row: MirrorRow | null;
}

/** Small named values: this browser's client id, the next outbox seq, the sync status. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** Version 1 of the store, in Dexie's `stores()` notation. */
export const STORES_V1: Record<string, string> = {
  ...storesOf(addedIn(1)),
  outbox: 'id, seq, state, *touchIds',
  bases: 'id',
  cursors: 'scope',
  meta: 'key',
};

/** Version 2: the buyer's category tree. */
export const STORES_V2: Record<string, string> = storesOf(addedIn(2));

/**
 * Version 3: catalogues are stored in chunks of one server page each (see
 * product-chunks.ts); the `products` table keeps its shape and becomes the per-row
 * overlay over them.
 */
const STORES_V3: Record<string, string> = { productChunks: '[scope+id]' };

/** Every table of version 3, the versions before it included: the one schema the database class declares. */
export const STORES_UP_TO_V3: Record<string, string> = { ...STORES_V1, ...STORES_V2, ...STORES_V3 };

/**
 * The versions after 3 that only added mirrored tables (4: the buyer's invoice matching
 * settings), each with the tables it added: a table declared with a new `since` in
 * mirror-tables.ts is a new version of the store.
 */
export const LATER_VERSIONS: ReadonlyArray<{ version: number; stores: Record<string, string> }> = [
  ...new Set(MIRROR_TABLES.map((t) => MIRRORED_TABLES[t].since ?? 1)),
]
  .filter((version) => version > 3)
  .sort((a, b) => a - b)
  .map((version) => ({ version, stores: storesOf(addedIn(version)) }));

/**
 * One page of one catalogue fill: up to PRODUCT_PAGE_MAX products in code order.
 * `id` is `seller|fill|first code`, so a fill's chunks sort in code order under one
 * key range. A chunk is written once and never changed: its id names its content.
 * The rows are kept as JSON text and their search text beside them: IndexedDB stores
 * and loads a string as one copy, where an array of objects costs a clone of every
 * field, and the search in the worker never needs the rows at all.
 */
export interface ProductChunkRow {
  scope: string;
  id: string;
  /** The products' keys, in order. */
  keys: string[];
  /** Each product's search text (product-haystack.ts), in order, joined by HAYSTACK_SEPARATOR. */
  text: string;
  /** The server's answer as sent: a fill chunk (product-fill.ts) or a list page `{data: wrapper[], cursor}` (chunkRows reads both); chunks stored before that hold JSON of the ProductRow[]. */
  json: string;
}

export type MirrorTables = { [T in MirrorTable]: Table<MirrorRowOf<T>, [string, string]> };

export type SyncDb = Dexie & MirrorTables & {
  outbox: Table<OutboxEntry, string>;
  bases: Table<BaseRow, string>;
  cursors: Table<CursorRow, string>;
  meta: Table<MetaRow, string>;
  productChunks: Table<ProductChunkRow, [string, string]>;
};

/** For code that moves rows of any table as the server sent them (applying pages, overlays, rollbacks). */
export const mirrorTable = (db: SyncDb, table: MirrorTable) => db[table] as Table<MirrorRow, [string, string]>;

/** One table with its rows' type, for code that names the table by a type parameter. */
export function typedTable<T extends MirrorTable>(db: SyncDb, table: T): Table<MirrorRowOf<T>, [string, string]> {
  const tables: MirrorTables = db;
  return tables[table];
}
