import { Dexie } from 'dexie';
import { STORAGE_KEYS } from '../../domain/constants';
import { closeLocalDatabase, databaseNameFor } from '../db/current-database';
import { endSync } from '../sync-start/start-sync';
import { USER_CACHE_PREFIX } from '../../sync/sw-contract';

/**
 * Sign-out: deletes the user's local database (mirrored rows, outbox, drafts) and
 * the caches of their files, the tab's session storage and the SSCCs the device holds. The shell warns first when pendingChangeCount() > 0,
 * since those changes are lost. The app shell's precache stays: it holds no user data.
 */
export async function wipeLocalData(username: string): Promise<void> {
  // The sync worker holds a connection of its own: ended first, it writes nothing more for a user who is gone.
  await endSync();
  closeLocalDatabase();
  await Dexie.delete(databaseNameFor(username));
  // Unsaved draft edits wait in the tab's session storage; none may outlive the user's session.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  // The SSCCs reserved for the user's supplier: the next user of the device reserves their own.
  if (typeof localStorage !== 'undefined') {
    const pools = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key) => key?.startsWith(STORAGE_KEYS.ssccPoolPrefix));
    for (const key of pools) localStorage.removeItem(key!);
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
