import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { layoutShifts, recordLayoutShifts } from './pages/layout-shifts';
import { LoginPage, openPage } from './pages/login-page';
import { OrdersListPage } from './pages/orders-page';
import { SyncStatusBar } from './pages/sync-status-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the orders list opened by a full page load', () => {
  // A phone as Lighthouse's mobile run has it, and an upright tablet.
  it.each([
    [412, 823],
    [768, 1024],
  ])('at %ix%i nothing moves once shown: the shell, the list, its rows and the first sync (CLS 0)', async (width, height) => {
    const context = await newContext(browser, baseUrl, { viewport: { width, height } });
    try {
      const page = await openPage(context);
      await new LoginPage(page).signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      await recordLayoutShifts(page);
      const list = new OrdersListPage(page);
      await list.goto();
      await list.waitForRows();
      // The first sync's end adds "Synced hh:mm" to the top bar (kept out of view on a phone, still in the page).
      await new SyncStatusBar(page).synced.waitFor({ state: 'attached' });
      const shifts = await layoutShifts(page);
      expect(shifts, JSON.stringify(shifts)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
