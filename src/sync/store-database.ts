import { Dexie, type Table } from 'dexie';
import type { OutboxEntry } from './outbox-entry';
import { LATER_VERSIONS, STORES_UP_TO_V3, type BaseRow, type CursorRow, type MetaRow, type MirrorTables, type ProductChunkRow } from './store-schema';

/**
 * The browser's store: one database per signed-in user, so sign-out can delete it
 * whole and another user of the same browser never opens it.
 *
 * Versions: a change of schema declares the new version with every table and its
 * `.upgrade(tx => ...)`. Dexie 3 and later read the schema a browser holds from the
 * database itself, so only versions with an upgrade stay declared, and Dexie runs each
 * of those a browser has not seen, in turn. Versions 1 and 2 had none and live on only
 * inside version 3's schema: declaring every version cost the start of each signed-in
 * page (tests/sync/mirror-products.test.ts opens databases left at versions 1 and 2).
 * The class lives in src/sync,
 * not src/local, because the sync worker (workers/ may import src/sync, src/api and
 * src/domain only) must open the same versions as the window; src/local re-exports it
 * as LocalDatabase. The table shapes are in store-schema.ts, the mirrored tables (and
 * the versions that only add some) declared in mirror-tables.ts.
 *
 * Creation: IndexedDB creates a missing database on any open, and Dexie reopens a
 * closed one on the next query (the sync engine even reopens explicitly). After
 * sign-out deleted the database, such a late open from a tab or worker would bring
 * it back, empty, under the user's name. So an instance creates its database on its
 * first open only, and the sync worker's never: a later open of a missing database
 * fails (the aborted creation leaves nothing behind).
 */
// The mirrored tables' properties come from their declarations (mirror-tables.ts) through this interface.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface StoreDatabase extends MirrorTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class StoreDatabase extends Dexie {
  declare outbox: Table<OutboxEntry, string>;
  declare bases: Table<BaseRow, string>;
  declare cursors: Table<CursorRow, string>;
  declare meta: Table<MetaRow, string>;
  declare productChunks: Table<ProductChunkRow, [string, string]>;

  /** `create: false` opens an existing database only (the sync worker: the window creates it). */
  constructor(name: string, { create = true }: { create?: boolean } = {}) {
    super(name);
    // Versions 1 and 2 held one record per product: they go, and the next opening of a catalogue
    // mirrors it again into chunks (a product the drawer fetched alone comes back the same way).
    this.version(3)
      .stores(STORES_UP_TO_V3)
      .upgrade((tx) => tx.table('products').clear());
    for (const { version, stores } of LATER_VERSIONS) this.version(version).stores(stores);
    let mayCreate = create;
    this.on('ready', () => {
      mayCreate = false;
    });
    this.on('populate', () => {
      if (!mayCreate) throw new Dexie.NoSuchDatabaseError(`The local database ${name} no longer exists`);
    });
  }
}
