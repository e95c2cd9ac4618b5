import { Workbox } from 'workbox-window';
import { announceUpdate } from './update-available';

/**
 * Registers the service worker built from workers/sw.ts. A new version waits until
 * the user chooses Reload, so it never swaps under a half-filled form.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });

  workbox.addEventListener('waiting', () => {
    announceUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });

  workbox.register().then(
    () => watchForUpdates(workbox),
    (error: unknown) => {
      // Without a worker the app still runs online; only the offline start is lost.
      console.warn('Service worker registration failed', error);
    },
  );
}

/** How often an app left open all day asks the server for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The browser looks for a new worker only on navigations, which a single-page app on a
 * warehouse tablet may not make for days: ask hourly, when the connection returns and
 * when the app is looked at again.
 */
function watchForUpdates(workbox: Workbox): void {
  const check = () => {
    if (navigator.onLine) workbox.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
