import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** End-to-end tests must fail, never skip, when the browser is missing. */
export function assertBrowserPresent(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (see .ci/run).`);
  }
}

/** How every test and benchmark starts Chromium: headless, quiet, no sandbox (CI runs as root). */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  assertBrowserPresent();
  return chromium.launch(CHROMIUM_LAUNCH);
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  touch?: boolean;
}

/** A fresh profile per journey: its own IndexedDB, service worker and cookies. */
export async function newContext(browser: Browser, baseURL: string, opts: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    hasTouch: opts.touch ?? false,
    serviceWorkers: 'allow',
  });
}

/** How long a first visit's worker may take to install (precache the app) and take the page. */
const SERVICE_WORKER_WAIT_MS = 120_000;

/**
 * Waits until the service worker controls the page, so a reload offline still opens the app.
 * Bounded: a worker whose install failed never becomes ready, and an unbounded wait only
 * showed as the test's own timeout; this error says what state the worker was in.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  const controlled = await page.evaluate(async (timeoutMs) => {
    const control = (async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      return true;
    })();
    return Promise.race([control, new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
  }, SERVICE_WORKER_WAIT_MS);
  if (controlled) return;
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = (w: ServiceWorker | null | undefined) => w?.state ?? 'none';
    return registration ? `installing ${worker(registration.installing)}, waiting ${worker(registration.waiting)}, active ${worker(registration.active)}` : 'no registration';
  });
  throw new Error(`The service worker did not take control of the page within ${SERVICE_WORKER_WAIT_MS / 1000} s (${state})`);
}
