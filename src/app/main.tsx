// First: no schema may run before zod is told not to use eval (see the module).
import '../domain/schemas/no-eval';
import { yieldToBrowser } from '../local/start/yield-to-browser';

/**
 * Resolves once the browser has painted what it holds (the boot frame), or after a short
 * wait in a tab that does not paint (hidden): the start's scripts then never hold the
 * first paint back.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

/** Runs `task` once the page has loaded: work the first screen does not need. */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

/**
 * Starts the app in steps, none of them a long task on a slow phone: after the first
 * paint, React's code, then the app's (all their chunks preloaded from index.html, see
 * vite.config.ts), then the first render as a transition, which React renders in slices.
 * The boot frame in index.html shows until that render commits.
 */
async function start(container: HTMLElement): Promise<void> {
  await afterPaint();
  const [{ startTransition, StrictMode }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);
  await yieldToBrowser();
  // styled-components, which every screen builds on at load, is evaluated in a task of its own: with
  // the app's modules it made one long task. One named export, so its chunk keeps only what the app uses.
  await import('styled-components').then(({ css }) => css);
  await yieldToBrowser();
  const [{ App }, { createAppRouter }] = await Promise.all([import('./app'), import('./router')]);
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  // The first match starts before React renders. Left to the router's first render, it ran in a
  // layout effect, and its store's change re-rendered the whole tree synchronously, as one long task.
  router.load().catch((error: unknown) => console.error('Could not load the route', error));
  await yieldToBrowser();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  // The service worker serves the next start and the offline one, not this first screen. Not
  // later than the load, though (not when idle): its install must be done by the time the
  // user, gone offline, reloads (tests/e2e/offline-sign-out.test.ts).
  afterLoad(() => void import('./service-worker/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker()));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
void start(container);
