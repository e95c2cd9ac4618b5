import { wrap } from 'comlink';
import type { RenderFor } from '../../domain/roles';
import type { Policy } from '../../domain/schemas/session';
import { scopesFor } from '../../sync/scope';
import type { SyncWorkerApi } from '../../sync/worker-api';
import { openLocalDatabase } from '../db/current-database';
import { requestPersistentStorage } from '../storage-use/storage-use';
import { setSyncEngine, syncEngine } from './engine-handle';
import { SW_WAKE_MESSAGE, SW_SYNC_TAG } from '../../sync/sw-contract';

export interface SyncSession {
  /** Who is signed in; names the local database (one per user). */
  username: string;
  policy: Pick<Policy, 'orgType' | 'orgId' | 'userType'>;
  /** The assumed organisation of a support user. */
  renderFor: RenderFor | null;
}

export interface SyncHandle {
  /** Call again after the assumed organisation changed, or after signing in again following a 401. */
  update(session: SyncSession): Promise<void>;
  stop(): Promise<void>;
}

let worker: Worker | null = null;

/**
 * Starts offline sync for a session, from the window: opens the user's local
 * database, asks the browser to keep it (persistent storage), starts the sync
 * worker's engine on the session's scopes, and wakes it on `online`, on focus and on
 * the service worker's background-sync message. Call once a session is active; call
 * `update` when the assumed organisation changes; call `stop` on sign-out (then
 * wipeLocalData).
 */
export async function startSync(session: SyncSession): Promise<SyncHandle> {
  const db = openLocalDatabase(session.username);
  void requestPersistentStorage();

  worker ??= new Worker(new URL('../../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  const engine = wrap<SyncWorkerApi>(worker);
  setSyncEngine(engine);
  // The worker's connection never creates the database: the session opened (created) it before it became active.
  await engine.start(db.name, { scopes: scopesFor(session.policy, session.renderFor) });

  const wake = () => void engine.wake();
  const onVisible = () => document.visibilityState === 'visible' && wake();
  const onServiceWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SW_WAKE_MESSAGE) wake();
  };
  // Offline: ask the service worker to wake us when the connection is back, even if this tab sleeps.
  const onOffline = () => {
    void navigator.serviceWorker?.ready.then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SW_SYNC_TAG),
    );
  };
  window.addEventListener('online', wake);
  window.addEventListener('offline', onOffline);
  window.addEventListener('focus', wake);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onServiceWorker);

  return {
    async update(next) {
      await engine.start(db.name, { scopes: scopesFor(next.policy, next.renderFor) });
      await engine.resume();
    },
    async stop() {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onServiceWorker);
      await engine.stop();
      setSyncEngine(null);
    },
  };
}

/**
 * Sign-out: stops the engine and ends the sync worker, so nothing in it reopens (and
 * so recreates) the database wipeLocalData is about to delete. A worker that does not
 * answer is ended all the same.
 */
export async function endSync(): Promise<void> {
  const engine = syncEngine();
  setSyncEngine(null);
  if (engine) await Promise.race([engine.stop().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
  worker?.terminate();
  worker = null;
}
