import { StoreDatabase } from '../../sync/store-database';
import type { SyncDb } from '../../sync/store-schema';

/** The browser's store (see src/sync/store-database.ts for why the class lives in src/sync). */
export { StoreDatabase as LocalDatabase };

/** The engine's view of this database: the compiler checks the two agree. */
export const asSyncDb = (db: StoreDatabase): SyncDb => db;
