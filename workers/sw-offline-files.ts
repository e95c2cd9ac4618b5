/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { SW_SYNC_TAG, SW_WAKE_MESSAGE, USER_CACHE_PREFIX } from '../src/sync/sw-contract';

declare const self: ServiceWorkerGlobalScope;

/**
 * Files that never change under their URL (invoice PDFs, signed downloads, product
 * images) are kept cache-first with limits, so documents seen once open offline. API
 * JSON is never cached here: Dexie is the store. The caches carry the user prefix so
 * sign-out (wipeLocalData) deletes them.
 */
export function registerOfflineFiles(): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === self.location.origin && (/^\/api\/.+\/pdf$/.test(url.pathname) || url.pathname.startsWith('/files/download/')),
    new CacheFirst({
      cacheName: `${USER_CACHE_PREFIX}documents`,
      plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/icons/'),
    new CacheFirst({
      cacheName: `${USER_CACHE_PREFIX}images`,
      plugins: [new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

/**
 * Background sync wakes the page's sync engine; it never replays requests itself
 * (the outbox, its order and its Idempotency-Keys live in Dexie, with the engine).
 */
export function registerSyncWakeUp(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== SW_SYNC_TAG) return;
    sync.waitUntil(
      self.clients.matchAll({ type: 'window' }).then((clients) => {
        for (const client of clients) client.postMessage({ type: SW_WAKE_MESSAGE });
      }),
    );
  });
}
