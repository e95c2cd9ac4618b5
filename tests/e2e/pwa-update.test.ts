import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { JourneySteps, localDatabaseName, OfflineOrders, readOutbox, ServerView, SyncStatusBar } from './pages/sync-status-page';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type ServerHandle } from './support/server-process';

const SUPPLIER = 'supplier@acme.demo.test';
const SELLER_ID = 'SUPACMESCI01';

let browser: Browser;
let server: ServerHandle;
// A copy of the built app of its own, so the journey can publish a "new version" without touching dist/.
let release: string;

beforeAll(async () => {
  release = mkdtempSync(join(tmpdir(), 'portal-release-'));
  cpSync('dist', join(release, 'dist'), { recursive: true });
  [browser, server] = await Promise.all([launchBrowser(), startServer({ env: { PORTAL_DIST_DIR: join(release, 'dist') } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(release, { recursive: true, force: true });
});

/** The page's service worker registration: which version controls it and whether another waits. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { controlled: navigator.serviceWorker.controller !== null, waiting: registration?.waiting != null };
  });

describe('a new version of the app', () => {
  it('waits for the user, says a change is not sent yet, and the reload keeps that change', async () => {
    const context = await newContext(browser, server.url);
    const journey = new JourneySteps('pwa-update');
    const page = await openPage(context);
    try {
      const shell = new ShellPage(page);
      const status = new SyncStatusBar(page);
      const orders = new OfflineOrders(page);
      const view = new ServerView(page.request, SELLER_ID);

      journey.step('sign in; the service worker takes over after a reload');
      await new LoginPage(page).signIn(SUPPLIER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await shell.waitUntilShown();
      expect(await workerState(page)).toEqual({ controlled: true, waiting: false });
      const unread = (await view.orders()).find((o) => !o.read);
      expect(unread, 'an unread order in the demo data').toBeDefined();
      await orders.openListFromMenu();
      await status.waitUntilOnlineAndSynced();

      journey.step('a change that cannot be sent: the session ended on the server');
      const db = new SQLite(join(server.dataDir, 'portal.sqlite'));
      db.prepare('delete from sessions').run();
      db.close();
      // The server remembers a session for up to READ_CACHE_MS; a row deleted behind its back is seen once that lapses.
      await waitUntil(async () => (await page.request.get('/api/policy')).status() === 401, 'the server to see the session ended');
      await orders.openFromList(unread!.orderNo);
      await status.waitForPendingCount(1);
      await page.getByText('Sign in again to send your changes').waitFor({ state: 'visible', timeout: UI_WAIT_MS });

      journey.step('publish a new version while the app is open');
      appendFileSync(join(release, 'dist', 'sw.js'), '\n// next release\n');
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
        // The app looks for a new version when the connection returns (and hourly).
        window.dispatchEvent(new Event('online'));
      });
      await page.getByText('Update available').waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      await page.getByText('1 change is not sent yet; reloading keeps them and sends them after the update.').waitFor({ state: 'visible' });
      // Nothing swapped by itself: the same page, still run by the old worker, the new one waiting.
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
      expect(await workerState(page)).toEqual({ controlled: true, waiting: true });

      journey.step('the user reloads into the new version');
      await Promise.all([page.waitForEvent('load', { timeout: UI_WAIT_MS }), page.getByRole('button', { name: 'Reload' }).click()]);
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      expect(await workerState(page)).toEqual({ controlled: true, waiting: false });
      await expect(page.getByText('Update available').count()).resolves.toBe(0);
      // The change is still waiting in this browser, to be sent after the next sign-in.
      expect((await readOutbox(page, localDatabaseName(SUPPLIER))).map((e) => [e.kind, e.state])).toEqual([['order.read', 'pending']]);
    } catch (error) {
      await journey.fail(page, error);
    } finally {
      await context.close();
    }
  }, 600_000);
});
