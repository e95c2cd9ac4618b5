import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/db/demo/orgs';
import { LoginPage, openPage } from '../pages/login-page';
import { launchBrowser, newContext, type ContextOptions } from './browser';
import { startServer, type ServerHandle } from './server-process';

export interface Screen extends ContextOptions {
  name: string;
  viewport: { width: number; height: number };
}

export const TABLET_PORTRAIT: Screen = { name: 'tablet portrait 768x1024', viewport: { width: 768, height: 1024 }, touch: true };
export const TABLET_LANDSCAPE: Screen = { name: 'tablet landscape 1024x768', viewport: { width: 1024, height: 768 }, touch: true };
export const DESKTOP: Screen = { name: 'desktop 1280x800', viewport: { width: 1280, height: 800 }, touch: false };
/** The sizes every screen is designed for: the two tablet orientations, touch, and a small desktop. */
export const SCREENS: readonly Screen[] = [TABLET_PORTRAIT, TABLET_LANDSCAPE, DESKTOP];

export interface Journeys {
  readonly browser: Browser;
  /** The server the journeys run against: the file's own, or the one all files share. */
  readonly baseUrl: string;
  /** The server of the file's own, for files started with `ownServer`. */
  readonly server: ServerHandle;
  /** A fresh profile at the given size, opened at `path` and signed in as `email`; closed after the test. */
  signedIn(email: string, path: string, screen?: ContextOptions): Promise<Page>;
}

/**
 * The set-up journey files share: one browser per file, a fresh profile per test closed after it,
 * and, with `ownServer`, a server of the file's own for journeys that need data no other file has touched.
 */
export function setUpJourneys(opts: { ownServer?: boolean } = {}): Journeys {
  let browser: Browser | undefined;
  let server: ServerHandle | undefined;
  let context: BrowserContext | undefined;
  const shared = inject('baseUrl');

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), opts.ownServer ? startServer() : undefined]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: setUpJourneys(${opts.ownServer ? '{ ownServer: true }' : ''}) runs in beforeAll`);
    return value;
  };

  return {
    get browser() {
      return started(browser, 'The browser');
    },
    get baseUrl() {
      return server?.url ?? shared;
    },
    get server() {
      return started(server, 'The server of this file');
    },
    async signedIn(email, path, screen = {}) {
      context = await newContext(started(browser, 'The browser'), server?.url ?? shared, screen);
      const page = await openPage(context);
      const login = new LoginPage(page);
      await login.goto(path);
      await login.signIn(email, DEMO_PASSWORD);
      return page;
    },
  };
}
