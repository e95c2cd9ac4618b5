import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import {
  ChangeRequestLog,
  localDatabaseName,
  OfflineOrders,
  readOutbox,
  readTable,
  JourneySteps,
  ServerView,
  SyncStatusBar,
  type ServerOrder,
} from './pages/sync-status-page';
import { launchBrowser, newContext, waitForServiceWorkerControl } from './support/browser';
import { queryStoppedServer, startServer, type ServerHandle } from './support/server-process';

const SUPPLIER = 'supplier@acme.demo.test';
const SELLER_ID = 'SUPACMESCI01';
const BUYER_ID = 'UNIWESTMERE1';

let browser: Browser;
// A server of its own: the journey needs unread orders and counts history entries, which other files' journeys change.
let server: ServerHandle;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Orders of the university that have nothing shipped yet, so an ASN may ship every line. */
async function pickOrders(view: ServerView): Promise<{ submitOn: ServerOrder; draftOn: ServerOrder; unread: ServerOrder }> {
  const orders = (await view.orders()).filter((o) => o.buyerId === BUYER_ID && ['New', 'Acknowledged'].includes(o.state));
  const unshipped: ServerOrder[] = [];
  for (const order of orders.filter((o) => o.read)) {
    if ((await view.asnsOf(order.orderNo)).length === 0) unshipped.push(order);
    if (unshipped.length === 2) break;
  }
  const unread = orders.find((o) => !o.read);
  if (unshipped.length < 2 || !unread) throw new Error('The demo data has no two unshipped read orders and one unread order');
  return { submitOn: unshipped[0]!, draftOn: unshipped[1]!, unread };
}

describe('offline: the local store shows what was seen, changes queue and are sent exactly once', () => {
  it('reloads offline with the list and orders, queues a read mark and an ASN submit, keeps a draft, and sends each change once', async () => {
    const context = await newContext(browser, server.url);
    const pageErrors: string[] = [];
    const journey = new JourneySteps('offline-queue');
    const page = await openPage(context);
    try {
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const shell = new ShellPage(page);
      const status = new SyncStatusBar(page);
      const orders = new OfflineOrders(page);
      const view = new ServerView(page.request, SELLER_ID);
      const dbName = localDatabaseName(SUPPLIER);

      await new LoginPage(page).signIn(SUPPLIER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      const { submitOn, draftOn, unread } = await pickOrders(view);
      const historyBefore = await view.historyCount(submitOn.id, 'ASN_SUBMITTED');

      journey.step('online: list and two orders');

      // Online: the list and two orders, which the local store keeps.
      await orders.openListFromMenu();
      await status.waitUntilOnlineAndSynced();
      await orders.openFromList(submitOn.orderNo);
      await orders.openListFromMenu();
      await orders.openFromList(draftOn.orderNo);
      await orders.openListFromMenu();
      journey.step('unread order in the list');
      // The unread order came with the list (the changes feed) without being opened.
      await orders.poFilter.fill(unread.orderNo);
      expect(await orders.isUnreadInList(unread.orderNo)).toBe(true);
      await orders.poFilter.fill('');

      const log = new ChangeRequestLog(context);
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await status.waitUntilOffline();
      // Chromium can apply the offline emulation to a freshly started worker late, so the
      // server goes down too: nothing sent while "offline" can reach it.
      await server.stop();

      journey.step('offline reload');

      // A reload without a network: the shell, the list and the opened orders come from this browser.
      await page.reload();
      await shell.waitUntilShown();
      await status.waitUntilOffline();
      await orders.waitForRows(10);
      await orders.openFromList(submitOn.orderNo);
      await orders.openListFromMenu();
      await orders.openFromList(draftOn.orderNo);

      journey.step('save an ASN draft');

      // Change 1: an ASN draft, kept in this browser only.
      await orders.openAsnDrawer();
      await orders.addAsn({ shipmentDate: '2026-11-20', carrierName: 'Draft Carrier', trackingId: 'E2E-DRAFT-1' });
      await orders.backToAsnList();
      expect(await orders.asnListStatuses()).toEqual(['Draft']);
      await orders.closeAsnDrawer();
      expect(await status.pendingCount()).toBe(0);

      journey.step('open an unread order');

      // Change 2: opening an unread order marks it read.
      await orders.openListFromMenu();
      await orders.openFromList(unread.orderNo);
      await status.waitForPendingCount(1);

      journey.step('submit an ASN offline');

      // Change 3: an ASN submitted while offline.
      await orders.openListFromMenu();
      await orders.openFromList(submitOn.orderNo);
      await orders.openAsnDrawer();
      await orders.addAsn({ shipmentDate: '2026-11-21', carrierName: 'Offline Freight', trackingId: 'E2E-OFFLINE-1' });
      await orders.submitAsn();
      await status.waitForPendingCount(2);
      await orders.backToAsnList();
      expect(await orders.asnListStatuses()).toEqual(['Waiting to be sent']);

      journey.step('second offline reload');

      // Still offline after another reload: the changes wait, the ASN shows as waiting to be sent.
      await page.reload();
      await shell.waitUntilShown();
      await status.waitUntilOffline();
      await status.waitForPendingCount(2);
      await orders.waitForOrder(submitOn.orderNo);
      await orders.openAsnDrawer();
      expect(await orders.asnListStatuses()).toEqual(['Waiting to be sent']);
      await orders.closeAsnDrawer();
      const outbox = await readOutbox(page, dbName);
      expect(outbox.map((e) => [e.kind, e.state])).toEqual([
        ['order.read', 'pending'],
        ['asn.submit', 'pending'],
      ]);
      const submitted = outbox[1]!.body as { lines: Array<{ number: number; quantity: number }>; trackingId: string };
      expect(submitted.trackingId).toBe('E2E-OFFLINE-1');
      expect(submitted.lines.length).toBeGreaterThan(0);
      journey.step('server untouched while offline');
      // Nothing reached the server while offline: read in its database while it is down.
      const stored = queryStoppedServer(server.dataDir, (db) => ({
        read: db.prepare('select seller_read from orders where id = ?').pluck().get(unread.id),
        asns: db.prepare('select count(*) from asns where order_id = ?').pluck().get(submitOn.id),
      }));
      expect(stored).toEqual({ read: 0, asns: 0 });

      journey.step('reconnect and drain');

      // Leave the order (its detail fetch would mark it read by itself), then bring the server and the network back.
      await orders.openListFromMenu();
      server = await startServer({ dataDir: server.dataDir, port: server.port });
      await context.setOffline(false);
      await status.online.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      await status.waitForPendingCount(0, 2 * UI_WAIT_MS);

      // Each change is on the server once: the read mark, one ASN with the queued lines, one history entry.
      expect((await view.order(unread.orderNo)).read).toBe(true);
      const asns = await view.asnsOf(submitOn.orderNo);
      expect(asns).toHaveLength(1);
      expect(asns[0]!.trackingId).toBe('E2E-OFFLINE-1');
      expect(asns[0]!.carrierName).toBe('Offline Freight');
      expect(asns[0]!.lines.map((l) => [l.number, l.quantity])).toEqual(submitted.lines.map((l) => [l.number, l.quantity]));
      expect(await view.historyCount(submitOn.id, 'ASN_SUBMITTED')).toBe(historyBefore + 1);
      journey.step('server state after the drain');
      // The draft never left the browser.
      expect(await view.asnsOf(draftOn.orderNo)).toEqual([]);
      // Every send carried the outbox entry's id as its Idempotency-Key.
      const sends = log.calls.filter((c) => c.path.endsWith('/actions/read') || c.path.endsWith('/asn'));
      expect(new Set(sends.map((c) => c.idempotencyKey))).toEqual(new Set(outbox.map((e) => e.id)));
      log.stop();

      journey.step('local store after the drain');

      // The local store now holds the server's ASN in place of the draft, and the draft of the other order is still there.
      await waitUntil(
        async () => (await readTable(page, dbName, 'asns')).some((a) => a.shipmentId === asns[0]!.shipmentId),
        'the server ASN to be mirrored',
      );
      const drafts = await readTable(page, dbName, 'asnDrafts');
      expect(drafts.map((d) => [d.orderId, d.state])).toEqual([[String(draftOn.id), 'draft']]);
      await orders.openFromList(submitOn.orderNo);
      await orders.openAsnDrawer();
      expect(await orders.asnListStatuses()).toEqual([asns[0]!.shipmentId]);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await journey.fail(page, error);
    } finally {
      await context.close();
    }
  }, 600_000);
});
