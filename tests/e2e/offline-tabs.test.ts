import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import {
  ChangeRequestLog,
  JourneySteps,
  localDatabaseName,
  OfflineOrders,
  readOutbox,
  ServerView,
  SyncStatusBar,
  type ServerOrder,
} from './pages/sync-status-page';
import { launchBrowser, newContext, waitForServiceWorkerControl } from './support/browser';

const baseUrl = inject('baseUrl');
const SUPPLIER = 'supplier@acme.demo.test';
const SELLER_ID = 'SUPACMESCI01';
const BUYER_ID = 'UNIWESTMERE1';
const LOCK_NAME = `portal-sync:${localDatabaseName(SUPPLIER)}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The Web Lock the sync engines of one user's tabs compete for: how many hold it and how many wait. */
async function syncLock(page: Page): Promise<{ held: number; waiting: number }> {
  return page.evaluate(async (name) => {
    const state = await navigator.locks.query();
    return {
      held: (state.held ?? []).filter((l) => l.name === name).length,
      waiting: (state.pending ?? []).filter((l) => l.name === name).length,
    };
  }, LOCK_NAME);
}

describe('offline: two tabs of one user', () => {
  it('one tab leads the drain, both see the same waiting changes and each other’s changes, and nothing is applied twice', async () => {
    const context = await newContext(browser, baseUrl);
    const journey = new JourneySteps('offline-tabs');
    const first = await openPage(context);
    let second: Page | undefined;
    try {
      journey.step('sign in and pick two unshipped orders');
      await new LoginPage(first).signIn(SUPPLIER, DEMO_PASSWORD);
      await new ShellPage(first).waitUntilShown();
      const view = new ServerView(first.request, SELLER_ID);
      const toShip: ServerOrder[] = [];
      for (const order of (await view.orders()).filter((o) => o.read && o.buyerId === BUYER_ID && ['New', 'Acknowledged'].includes(o.state))) {
        if ((await view.asnsOf(order.orderNo)).length === 0) toShip.push(order);
        if (toShip.length === 2) break;
      }
      expect(toShip).toHaveLength(2);
      const [inFirst, inSecond] = toShip as [ServerOrder, ServerOrder];
      const historyBefore = await Promise.all(toShip.map((o) => view.historyCount(o.id, 'ASN_SUBMITTED')));

      journey.step('open the list in both tabs');
      const firstOrders = new OfflineOrders(first);
      const firstStatus = new SyncStatusBar(first);
      await firstOrders.openListFromMenu();
      await firstStatus.waitUntilOnlineAndSynced();
      second = await context.newPage();
      await second.goto('/app/orders');
      const secondOrders = new OfflineOrders(second);
      const secondStatus = new SyncStatusBar(second);
      await new ShellPage(second).waitUntilShown();
      await secondOrders.waitForRows();
      await secondStatus.waitUntilOnlineAndSynced();

      journey.step('exactly one engine holds the sync lock');
      // Each tab runs a sync worker; one holds the lock, the other waits in its queue.
      await waitUntil(async () => {
        const lock = await syncLock(first);
        return lock.held === 1 && lock.waiting === 1;
      }, 'one sync engine to hold the lock and the other to wait');

      journey.step('queue one change in each tab while offline');
      await waitForServiceWorkerControl(first);
      await context.setOffline(true);
      await firstStatus.waitUntilOffline();
      await secondStatus.waitUntilOffline();
      await firstOrders.openFromList(inFirst.orderNo);
      await firstOrders.openAsnDrawer();
      await firstOrders.addAsn({ shipmentDate: '2026-11-21', carrierName: 'Tab One Freight', trackingId: 'E2E-TAB-1' });
      await firstOrders.submitAsn();
      await firstStatus.waitForPendingCount(1);
      // The other tab hears of it through its live queries.
      await secondStatus.waitForPendingCount(1);

      await secondOrders.openFromList(inSecond.orderNo);
      await secondOrders.openAsnDrawer();
      await secondOrders.addAsn({ shipmentDate: '2026-11-21', carrierName: 'Tab Two Freight', trackingId: 'E2E-TAB-2' });
      await secondOrders.submitAsn();
      await secondStatus.waitForPendingCount(2);
      await firstStatus.waitForPendingCount(2);
      await secondOrders.closeAsnDrawer();

      journey.step('the change of the first tab shows in the second');
      await secondOrders.openListFromMenu();
      await secondOrders.openFromList(inFirst.orderNo);
      await secondOrders.openAsnDrawer();
      expect(await secondOrders.asnListStatuses()).toEqual(['Waiting to be sent']);
      await secondOrders.closeAsnDrawer();
      const queued = await readOutbox(first, localDatabaseName(SUPPLIER));
      expect(queued.map((e) => e.kind)).toEqual(['asn.submit', 'asn.submit']);

      journey.step('reconnect: both tabs count down to 0');
      const log = new ChangeRequestLog(context);
      await context.setOffline(false);
      await Promise.all([firstStatus.waitForPendingCount(0, 2 * UI_WAIT_MS), secondStatus.waitForPendingCount(0, 2 * UI_WAIT_MS)]);
      log.stop();

      journey.step('each change applied and sent once');
      for (const [i, order] of toShip.entries()) {
        const asns = await view.asnsOf(order.orderNo);
        expect(asns.map((a) => a.trackingId), order.orderNo).toEqual([`E2E-TAB-${i + 1}`]);
        expect(await view.historyCount(order.id, 'ASN_SUBMITTED'), order.orderNo).toBe(historyBefore[i]! + 1);
      }
      // One drainer: every queued change went out once (two drainers would each send it).
      const sends = log.calls.filter((c) => c.path === `/api/seller/${SELLER_ID}/buyer/${BUYER_ID}/asn`);
      expect(sends.map((c) => c.idempotencyKey).sort()).toEqual(queued.map((e) => e.id).sort());
      // Both tabs show the server's ASN in place of the waiting one.
      const shipmentId = (await view.asnsOf(inFirst.orderNo))[0]!.shipmentId;
      await secondOrders.openAsnDrawer();
      await waitUntil(async () => (await secondOrders.asnListStatuses()).join() === shipmentId, 'the second tab to show the sent ASN');
      await firstOrders.closeAsnDrawer();
      await firstOrders.openAsnDrawer();
      await waitUntil(async () => (await firstOrders.asnListStatuses()).join() === shipmentId, 'the first tab to show the sent ASN');
    } catch (error) {
      await journey.fail(second ?? first, error);
    } finally {
      await context.close();
    }
  }, 600_000);
});
