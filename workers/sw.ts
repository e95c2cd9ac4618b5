/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOfflineFiles, registerSyncWakeUp } from './sw-offline-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every page of the app is the same shell, so navigations open offline; the server's
// own paths are never answered from the cache (Dexie, not the worker, keeps data).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/servlet(\/|$|\?)/, /^\/files(\/|$)/],
  }),
);

registerOfflineFiles();
registerSyncWakeUp();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open tabs at once; later versions wait for the user's Reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
