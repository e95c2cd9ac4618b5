import type { SyncDb } from './store-schema';

/**
 * What the status bar shows, kept in the store so every tab sees the leader's view
 * through a live query.
 */
export interface SyncStatus {
  /** Epoch ms of the last drain or pull that reached the server. */
  lastSyncAt: number | null;
  /** Set when the server answered 401: the queue waits for a new sign-in. */
  needsSignIn: boolean;
  /** A first mirror of a scope is running: rows so far; `done` when it finished. */
  mirror: { scope: string; applied: number; done: boolean } | null;
  /** The last problem worth telling the user about, e.g. the storage quota. */
  problem: string | null;
}

const STATUS_KEY = 'syncStatus';

export const EMPTY_STATUS: SyncStatus = { lastSyncAt: null, needsSignIn: false, mirror: null, problem: null };

export async function readStatus(db: SyncDb): Promise<SyncStatus> {
  return { ...EMPTY_STATUS, ...((await db.meta.get(STATUS_KEY))?.value as Partial<SyncStatus> | undefined) };
}

export async function updateStatus(db: SyncDb, patch: Partial<SyncStatus>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = await readStatus(db);
    await db.meta.put({ key: STATUS_KEY, value: { ...current, ...patch } });
  });
}
