import { Dexie } from 'dexie';
import { closeLocalDatabase, databaseNameFor } from '../db/current-database';
import { endSync } from '../sync-start/start-sync';
import { USER_CACHE_PREFIX } from '../../sync/sw-contract';

/**
 * Sign-out: deletes the user's local database (mirrored rows, outbox, drafts) and
 * the caches of their files and the tab's session storage. The shell warns first when pendingChangeCount() > 0,
 * since those changes are lost. The app shell's precache stays: it holds no user data.
 */
export async function wipeLocalData(username: string): Promise<void> {
  // The sync worker holds a connection of its own: ended first, it writes nothing more for a user who is gone.
  await endSync();
  closeLocalDatabase();
  await Dexie.delete(databaseNameFor(username));
  // Unsaved draft edits wait in the tab's session storage; none may outlive the user's session.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
