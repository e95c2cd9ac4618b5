import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
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
import { launchBrowser, newContext } from './support/browser';

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
