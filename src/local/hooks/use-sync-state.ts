import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { EMPTY_STATUS, readStatus, type SyncStatus } from '../../sync/status';
import { localDatabase } from '../db/current-database';

/** The engine's status as the leading tab last wrote it. */
export function useSyncStatus(): SyncStatus {
  return useLiveQuery(() => readStatus(localDatabase()), []) ?? EMPTY_STATUS;
}

/** Changes waiting to be sent (not the refused ones). */
export function usePendingCount(): number {
  return useLiveQuery(() => localDatabase().outbox.where('state').equals('pending').count(), []) ?? 0;
}

/** Changes the server refused, oldest first, for the "Changes not sent" panel. */
export function useFailedChanges(): OutboxEntry[] {
  return useLiveQuery(() => localDatabase().outbox.where('state').equals('failed').sortBy('seq'), []) ?? [];
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
