/**
 * What a session needs of this browser's store: the Dexie database, the sync worker
 * and the sign-out wipe. Imported only through local-store-loader.ts, so Dexie and
 * comlink stay out of the sign-in page's JavaScript.
 */
export { openLocalDatabase } from '../db/current-database';
export { wipeLocalData } from '../outbox/wipe-local-data';
export { startSync } from './start-sync';
