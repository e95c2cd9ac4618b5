import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { OUTBOX_PUSH_PATH } from '../../src/domain/schemas/sync';
import { LoginPage, openPage, UI_WAIT_MS } from './pages/login-page';
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
import { startServer, type ServerHandle } from './support/server-process';

const SUPPLIER = 'supplier@acme.demo.test';
const SELLER_ID = 'SUPACMESCI01';
const BUYER_ID = 'UNIWESTMERE1';

let browser: Browser;
// This journey stops and restarts its server, so it runs one of its own.
let server: ServerHandle;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const isOutboxPush = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === OUTBOX_PUSH_PATH;

describe('offline: a server that goes down in the middle of a drain', () => {
  it('applies every queued change exactly once after it is restarted on the same data', async () => {
    const context = await newContext(browser, server.url);
    const journey = new JourneySteps('offline-server-restart');
    const page = await openPage(context);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      const shell = new ShellPage(page);
      const status = new SyncStatusBar(page);
      const orders = new OfflineOrders(page);
      const view = new ServerView(page.request, SELLER_ID);

      journey.step('sign in and pick orders');
      await new LoginPage(page).signIn(SUPPLIER, DEMO_PASSWORD);
      await shell.waitUntilShown();
      const candidates = (await view.orders()).filter((o) => o.buyerId === BUYER_ID && ['New', 'Acknowledged'].includes(o.state));
      const toShip: ServerOrder[] = [];
      for (const order of candidates.filter((o) => o.read)) {
        if ((await view.asnsOf(order.orderNo)).length === 0) toShip.push(order);
        if (toShip.length === 3) break;
      }
      const unread = candidates.find((o) => !o.read);
      expect(toShip).toHaveLength(3);
      expect(unread).toBeDefined();
      const historyBefore = await Promise.all(toShip.map((o) => view.historyCount(o.id, 'ASN_SUBMITTED')));

      journey.step('mirror the list online');
      await orders.openListFromMenu();
      await status.waitUntilOnlineAndSynced();
      // The order screen's code is first needed offline: it must be in the worker's cache by
      // then (a route whose code fails to load makes the router reload the page, offline).
      await waitForServiceWorkerControl(page);

      journey.step('queue four changes offline');
      await context.setOffline(true);
      await status.waitUntilOffline();
      await orders.openFromList(unread!.orderNo);
      await status.waitForPendingCount(1);
      for (const [i, order] of toShip.entries()) {
        await orders.openListFromMenu();
        await orders.openFromList(order.orderNo);
        await orders.openAsnDrawer();
        await orders.addAsn({ shipmentDate: '2026-11-21', carrierName: 'Restart Freight', trackingId: `E2E-RESTART-${i + 1}` });
        await orders.submitAsn();
        await status.waitForPendingCount(i + 2);
        await orders.closeAsnDrawer();
      }
      await orders.openListFromMenu();
      const queued = await readOutbox(page, localDatabaseName(SUPPLIER));
      expect(queued.map((e) => e.kind)).toEqual(['order.read', 'asn.submit', 'asn.submit', 'asn.submit']);

      journey.step('reconnect and crash the server during the drain');
      // The four changes go in one batch; the server is killed (no graceful finish) as it
      // arrives, so it dies part-way through or just after committing, its answer lost.
      const log = new ChangeRequestLog(context);
      let stopping: Promise<void> | null = null;
      const crashOnPush = (request: Request) => {
        if (isOutboxPush(request)) stopping ??= server.stop('SIGKILL');
      };
      context.on('request', crashOnPush);
      await context.setOffline(false);
      await status.online.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      const deadline = Date.now() + 2 * UI_WAIT_MS;
      while (!stopping && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(stopping, 'the drain sent its batch').not.toBeNull();
      await stopping;
      context.off('request', crashOnPush);
      // The server is down: nothing the browser holds is dropped while it retries.
      await new Promise((r) => setTimeout(r, 1000));
      const outboxIds = (await readOutbox(page, localDatabaseName(SUPPLIER))).map((e) => e.id);
      expect(queued.map((e) => e.id)).toEqual(expect.arrayContaining(outboxIds));
      journey.step(`server down with ${outboxIds.length} of 4 changes waiting`);

      journey.step('restart the server on the same data');
      server = await startServer({ dataDir: server.dataDir, port: server.port });
      await status.waitForPendingCount(0, 3 * UI_WAIT_MS);
      log.stop();

      journey.step('every change applied once');
      expect((await view.order(unread!.orderNo)).read).toBe(true);
      for (const [i, order] of toShip.entries()) {
        const asns = await view.asnsOf(order.orderNo);
        expect(asns.map((a) => a.trackingId), order.orderNo).toEqual([`E2E-RESTART-${i + 1}`]);
        expect(await view.historyCount(order.id, 'ASN_SUBMITTED'), order.orderNo).toBe(historyBefore[i]! + 1);
      }
      // Whatever was sent twice (a retry after the restart) carried the same key as the first try.
      const keysByPath = new Map<string, Set<string | undefined>>();
      for (const call of log.calls) keysByPath.set(call.path, (keysByPath.get(call.path) ?? new Set()).add(call.idempotencyKey));
      for (const [path, keys] of keysByPath) if (path.endsWith('/actions/read')) expect(keys.size, path).toBe(1);
      expect(new Set(log.calls.map((c) => c.idempotencyKey))).toEqual(new Set(queued.map((e) => e.id)));
      expect(await readOutbox(page, localDatabaseName(SUPPLIER))).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await journey.fail(page, error);
    } finally {
      await context.close();
    }
  }, 600_000);
});
