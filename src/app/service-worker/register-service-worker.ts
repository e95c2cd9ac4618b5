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

  workbox.register().catch((error: unknown) => {
    // Without a worker the app still runs online; only the offline start is lost.
    console.warn('Service worker registration failed', error);
  });
}
