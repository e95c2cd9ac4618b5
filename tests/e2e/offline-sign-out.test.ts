import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import {
  countPersistRequests,
  JourneySteps,
  localDatabaseName,
  localDatabaseNames,
  OfflineOrders,
  persistRequests,
  readTable,
  ServerView,
  SignOutWarning,
  SyncStatusBar,
} from './pages/sync-status-page';
import { launchBrowser, newContext, waitForServiceWorkerControl } from './support/browser';
import { policyStatusWith, sessionCookie } from './support/session-cookie';

const baseUrl = inject('baseUrl');
const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'buyer@uni.demo.test';
const SELLER_ID = 'SUPACMESCI01';
const BUYER_ID = 'UNIWESTMERE1';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline: sign-out with changes waiting', () => {
  it('warns first, then deletes the user’s local database; the next user sees none of their rows', async () => {
    const context = await newContext(browser, baseUrl);
    await countPersistRequests(context);
    const journey = new JourneySteps('offline-sign-out');
    const page = await openPage(context);
    try {
      const shell = new ShellPage(page);
      const status = new SyncStatusBar(page);
      const orders = new OfflineOrders(page);
      const login = new LoginPage(page);
      const warning = new SignOutWarning(page);

      journey.step('sign in as the supplier and mirror the orders');
      await login.signIn(SUPPLIER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      const view = new ServerView(page.request, SELLER_ID);
      let target: { orderNo: string } | undefined;
      for (const order of (await view.orders()).filter((o) => o.read && o.buyerId === BUYER_ID && ['New', 'Acknowledged'].includes(o.state))) {
        if ((await view.asnsOf(order.orderNo)).length === 0) {
          target = order;
          break;
        }
      }
      expect(target).toBeDefined();
      await orders.openListFromMenu();
      await status.waitUntilOnlineAndSynced();
      expect(await localDatabaseNames(page)).toContain(localDatabaseName(SUPPLIER));
      const supplierOrders = await readTable(page, localDatabaseName(SUPPLIER), 'orders');
      expect(supplierOrders.length).toBeGreaterThan(0);
      // The window asked the browser to keep the offline data, and the status shows how much there is.
      expect(await persistRequests(page)).toBeGreaterThan(0);
      expect(await status.storageUse.textContent()).toMatch(/^[\d.]+ [KMGT]?B of [\d.]+ [KMGT]?B used$/);

      journey.step('queue an ASN offline');
      // The first visit's worker must hold the screens' code before the connection goes: offline,
      // the order screen's chunk would otherwise not load.
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await status.waitUntilOffline();
      await orders.openFromList(target!.orderNo);
      await orders.openAsnDrawer();
      await orders.addAsn({ shipmentDate: '2026-11-21', carrierName: 'Never Sent', trackingId: 'E2E-SIGNOUT-1' });
      await orders.submitAsn();
      await status.waitForPendingCount(1);
      await orders.closeAsnDrawer();

      journey.step('Logout warns; staying keeps everything');
      await shell.logout();
      await warning.dialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await warning.dialog.textContent()).toContain('1 change has not reached the server yet');
      await warning.staySignedIn.click();
      await warning.dialog.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
      await shell.waitUntilShown();
      expect(await status.pendingCount()).toBe(1);
      expect(await localDatabaseNames(page)).toContain(localDatabaseName(SUPPLIER));

      journey.step('Sign out anyway deletes the local database');
      await shell.logout();
      await warning.signOutAnyway.click();
      await login.waitUntilShown();
      await waitUntil(
        async () => !(await localDatabaseNames(page)).includes(localDatabaseName(SUPPLIER)),
        'the supplier’s local database to be deleted',
      );
      // Nothing recreates it behind the login (no sync engine left running).
      await page.waitForTimeout(2000);
      expect(await localDatabaseNames(page)).not.toContain(localDatabaseName(SUPPLIER));
      expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('portal-user-')))).toEqual([]);

      journey.step('the next user sees none of the first user’s rows');
      await context.setOffline(false);
      await login.signIn(BUYER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      await orders.openListFromMenu();
      await status.waitUntilOnlineAndSynced();
      const names = await localDatabaseNames(page);
      expect(names).toContain(localDatabaseName(BUYER));
      expect(names).not.toContain(localDatabaseName(SUPPLIER));
      const buyerDb = localDatabaseName(BUYER);
      for (const table of ['orders', 'asns', 'asnDrafts', 'outbox']) {
        const rows = await readTable(page, buyerDb, table);
        const foreign = rows.filter((r) => String(r.scope ?? '').includes(SELLER_ID) || JSON.stringify(r).includes('E2E-SIGNOUT-1'));
        expect(foreign, table).toEqual([]);
      }
      // The buyer's list is the buyer's own (its rows are scoped to the university).
      const buyerOrders = await readTable(page, buyerDb, 'orders');
      expect(buyerOrders.length).toBeGreaterThan(0);
      expect(new Set(buyerOrders.map((r) => r.scope))).toEqual(new Set([`buyer:${BUYER_ID}`]));
      expect(await page.getByText('E2E-SIGNOUT-1').count()).toBe(0);
    } catch (error) {
      await journey.fail(page, error);
    } finally {
      await context.close();
    }
  }, 600_000);
});

describe('offline: sign-out ends the server session once back online', () => {
  it('the logout is owed while offline and sent before anything else: the old cookie answers 401', async () => {
    const context = await newContext(browser, baseUrl);
    const journey = new JourneySteps('offline-sign-out-owed');
    const page = await openPage(context);
    try {
      const shell = new ShellPage(page);
      const login = new LoginPage(page);
      const status = new SyncStatusBar(page);
      const owed = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.signOutOwed);

      journey.step('sign in, with the service worker in control for an offline reload');
      await login.signIn(SUPPLIER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      await waitForServiceWorkerControl(page);
      await status.waitUntilOnlineAndSynced();
      const cookie = await sessionCookie(context);
      expect(await policyStatusWith(baseUrl, cookie)).toBe(200);

      journey.step('sign out offline');
      // The logout is a GET the service worker passes on, and Chromium applies offline
      // emulation to the worker's own fetches late (if at all under load): in CI the logout
      // reached the server twice. The network itself refuses it, as a real outage would.
      const isLogout = (url: URL) => url.searchParams.get('M') === '2';
      const refuse = (route: Route) => route.abort('internetdisconnected');
      await context.route(isLogout, refuse);
      await context.setOffline(true);
      await status.waitUntilOffline();
      await shell.logout();
      await login.waitUntilShown();
      await waitUntil(async () => !(await localDatabaseNames(page)).includes(localDatabaseName(SUPPLIER)), 'the local database to be deleted');
      expect(await owed()).toBe('true');
      // The logout never reached the server: the cookie still opens the session there.
      expect(await policyStatusWith(baseUrl, cookie)).toBe(200);

      journey.step('back online and reload: the login shows and the old session is over');
      await context.unroute(isLogout, refuse);
      await context.setOffline(false);
      await page.reload();
      await login.waitUntilShown();
      expect(await shell.userName.count()).toBe(0);
      expect(await owed()).toBeNull();
      expect(await policyStatusWith(baseUrl, cookie)).toBe(401);
      expect(await page.evaluate(async () => (await fetch('/api/policy')).status)).toBe(401);
      expect(await localDatabaseNames(page)).not.toContain(localDatabaseName(SUPPLIER));
    } catch (error) {
      await journey.fail(page, error);
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('sign-out with two tabs open', () => {
  it('the other tab shows the login and nothing recreates the deleted database', async () => {
    const context = await newContext(browser, baseUrl);
    const journey = new JourneySteps('sign-out-two-tabs');
    const first = await openPage(context);
    let second: Page | undefined;
    try {
      journey.step('sign in and open the orders in two tabs, each with its sync engine');
      await new LoginPage(first).signIn(SUPPLIER, DEMO_PASSWORD);
      await new ShellPage(first).waitUntilShown();
      await new OfflineOrders(first).openListFromMenu();
      await new SyncStatusBar(first).waitUntilOnlineAndSynced();
      second = await context.newPage();
      await second.goto('/app/orders');
      await new ShellPage(second).waitUntilShown();
      await new OfflineOrders(second).waitForRows();
      await new SyncStatusBar(second).waitUntilOnlineAndSynced();
      const cookie = await sessionCookie(context);

      journey.step('sign out in the first tab');
      await new ShellPage(first).logout();
      await new LoginPage(first).waitUntilShown();

      journey.step('the second tab shows the login');
      await new LoginPage(second).waitUntilShown();
      expect(await new ShellPage(second).userName.count()).toBe(0);

      journey.step('after both settle the database is gone, and stays gone');
      const gone = async () => !(await localDatabaseNames(first)).includes(localDatabaseName(SUPPLIER));
      await waitUntil(gone, 'the supplier’s local database to be deleted');
      // Long enough for a sync engine left running to wake (heartbeat, pull) and write.
      await first.waitForTimeout(6000);
      expect(await localDatabaseNames(first)).not.toContain(localDatabaseName(SUPPLIER));
      expect(await localDatabaseNames(second)).not.toContain(localDatabaseName(SUPPLIER));
      expect(await policyStatusWith(baseUrl, cookie)).toBe(401);
    } catch (error) {
      await journey.fail(second ?? first, error);
    } finally {
      await context.close();
    }
  }, 300_000);
});
