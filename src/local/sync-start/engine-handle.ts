import type { Remote } from 'comlink';
import type { SyncWorkerApi } from '../../sync/worker-api';

/** The running engine (in the sync worker), for hooks that ask it to mirror a page. Null before startSync. */
let engine: Remote<SyncWorkerApi> | null = null;

export const syncEngine = () => engine;

export function setSyncEngine(next: Remote<SyncWorkerApi> | null): void {
  engine = next;
}
