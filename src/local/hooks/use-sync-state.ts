import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { EMPTY_STATUS, readStatus, type SyncStatus } from '../../sync/status';
import { openedLocalDatabase } from '../db/current-database';
import { isRefusalShown, shownRefusalsVersion, subscribeShownRefusals } from '../outbox/shown-refusals';

/** The status's problem when the browser's storage is full: the sync status says more about it. */
export { STORAGE_FULL_TEXT } from '../../sync/storage-errors';

/** The engine's status as the leading tab last wrote it; empty before a session opened the database. */
export function useSyncStatus(): SyncStatus {
  const db = openedLocalDatabase();
  return useLiveQuery(() => (db ? readStatus(db) : EMPTY_STATUS), [db]) ?? EMPTY_STATUS;
}

/** Changes waiting to be sent (not the refused ones); 0 before a session opened the database. */
export function usePendingCount(): number {
  const db = openedLocalDatabase();
  return useLiveQuery(() => db?.outbox.where('state').equals('pending').count() ?? 0, [db]) ?? 0;
}

const none: OutboxEntry[] = [];

/**
 * Changes the server refused, oldest first, for the "Changes not sent" panel: those no
 * form on screen shows (a change made offline, or one whose form is gone).
 */
export function useFailedChanges(): OutboxEntry[] {
  const db = openedLocalDatabase();
  const failed = useLiveQuery(() => db?.outbox.where('state').equals('failed').sortBy('seq') ?? none, [db]) ?? none;
  // Renders again when a form starts or stops showing a refusal.
  useSyncExternalStore(subscribeShownRefusals, shownRefusalsVersion, shownRefusalsVersion);
  return failed.filter((entry) => !isRefusalShown(entry.id));
}

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** The browser's own idea of being online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
