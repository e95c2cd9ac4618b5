import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { OfflineOrders } from './pages/sync-status-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** True when the page itself scrolls sideways (a table scrolling inside its own box is fine). */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('orders on a 1280x800 screen and on paper', () => {
  it('the list and an order fit the width, and Print gives the order without the app around it', async () => {
    const context = await newContext(browser, baseUrl, { viewport: { width: 1280, height: 800 } });
    try {
      const page = await openPage(context);
      const orders = new OfflineOrders(page);
      await new LoginPage(page).signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();

      await orders.openListFromMenu();
      expect(await pageScrollsSideways(page)).toBe(false);

      const first = (await orders.orderLinks.first().textContent()) ?? '';
      const orderNo = /order (\S+?)(,|$)/.exec(first)?.[1];
      expect(orderNo, `an order number in "${first}"`).toBeTruthy();
      await orders.openFromList(orderNo!);
      expect(await pageScrollsSideways(page)).toBe(false);

      // The toolbar's Print asks the browser to print (recorded here instead of a print dialog).
      await page.evaluate(() => {
        window.print = () => Object.assign(window, { printed: true });
      });
      await page.getByRole('button', { name: 'Print', exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);

      const addressTabs = (await page.getByRole('tab').allTextContents()).map((t) => t.trim()).filter(Boolean);
      expect(addressTabs.length).toBeGreaterThan(1);
      await page.emulateMedia({ media: 'print' });
      // Every address is printed, not only the open tab.
      for (const label of addressTabs) {
        const shown = await Promise.all((await page.getByText(label, { exact: true }).all()).map((l) => l.isVisible()));
        expect(shown.some(Boolean), `${label} on paper`).toBe(true);
      }
      await expect(orders.heading(orderNo!).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).resolves.toBe(false);
      await expect(page.locator('header').first().isVisible()).resolves.toBe(false);
      await expect(page.getByRole('button', { name: 'Print', exact: true }).isVisible()).resolves.toBe(false);
      await expect(page.getByRole('cell').first().isVisible()).resolves.toBe(true);
      // On paper the order runs over as many pages as it needs.
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await context.close();
    }
  });
});
