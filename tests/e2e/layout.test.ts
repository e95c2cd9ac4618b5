import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS } from './pages/login-page';
import { OrderPage, OrdersListPage } from './pages/orders-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';
import { checkLayout } from './support/layout-check';
import { columnsAt } from './support/table-columns';

/**
 * The tablet rule on the shell and the orders screens: at both tablet sizes (touch) and
 * at 1280x800, no sideways page scroll, touch targets of 44 px, no axe WCAG 2.2 A/AA
 * violation, in the light and the dark theme, with each drawer open in turn.
 * One browser; one signed-in context per size.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'portrait tablet', width: 768, height: 1024, touch: true, menuCollapsed: true },
  { name: 'landscape tablet', width: 1024, height: 768, touch: true, menuCollapsed: true },
  { name: 'laptop', width: 1280, height: 800, touch: false, menuCollapsed: false },
];

async function withDrawer(page: Page, button: string, dialog: string, check: () => Promise<void>): Promise<void> {
  // A drawer a failed check left open would cover the toolbar.
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
  await page.getByRole('toolbar', { name: 'Order actions' }).getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  await check();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
}

describe.each(SIZES)('layout at $width x $height ($name)', ({ name, width, height, touch, menuCollapsed }) => {
  let context: BrowserContext;
  let page: Page;
  let shell: ShellPage;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl, { viewport: { width, height }, touch });
    page = await openPage(context);
    await new LoginPage(page).signIn('supplier@acme.demo.test', DEMO_PASSWORD);
    shell = new ShellPage(page);
    await shell.waitUntilShown();
  });
  afterAll(async () => {
    await context?.close();
  });

  it(`starts with the side menu ${menuCollapsed ? 'collapsed to icons' : 'open'} and remembers the user's choice`, async () => {
    const expanded = () => shell.toggleNavigation.getAttribute('aria-expanded');
    expect(await expanded()).toBe(String(!menuCollapsed));
    await shell.toggleNavigation.click();
    expect(await expanded()).toBe(String(menuCollapsed));
    await page.reload();
    await shell.waitUntilShown();
    expect(await expanded()).toBe(String(menuCollapsed));
    // Back as it started, for the checks below.
    await shell.toggleNavigation.click();
    expect(await expanded()).toBe(String(!menuCollapsed));
  });

  // Each check carries on from the page the previous one left; axe in two themes is slow on a busy machine.
  const CHECK_MS = 180_000;

  it('the orders list', async () => {
    const list = new OrdersListPage(page);
    await list.goto();
    await list.waitForRows();
    // A list shows eight rows at once on a landscape tablet.
    await checkLayout(page, `${name}: orders list`, undefined, { headers: columnsAt(width, 'orders'), list: width === 1024 ? 'Orders' : undefined });
  }, CHECK_MS);

  it('the shell with the menu toggled (open on a tablet, icons on a laptop)', async () => {
    await shell.toggleNavigation.click();
    try {
      await checkLayout(page, `${name}: shell, menu toggled`);
    } finally {
      await shell.toggleNavigation.click();
    }
  }, CHECK_MS);

  it('the top bar while a first mirror runs: the progress in the status chip, the logo its size, nothing over the user', async () => {
    // The status the sync engine stores while a first large mirror runs, as the shell reads it after a reload.
    const storeStatus = (mirror: { applied: number; done: boolean }) =>
      page.evaluate(async (mirrorState) => {
        for (const { name: dbName } of await indexedDB.databases()) {
          if (!dbName) continue;
          const db = await new Promise<IDBDatabase>((ok, ko) => {
            const request = indexedDB.open(dbName);
            request.onsuccess = () => ok(request.result);
            request.onerror = () => ko(request.error);
          });
          if (db.objectStoreNames.contains('meta')) {
            await new Promise<void>((ok, ko) => {
              const tx = db.transaction('meta', 'readwrite');
              tx.objectStore('meta').put({ key: 'syncStatus', value: { lastSyncAt: Date.now(), needsSignIn: false, mirror: { scope: 'seller:layout', ...mirrorState }, problem: null } });
              tx.oncomplete = () => ok();
              tx.onerror = () => ko(tx.error);
            });
          }
          db.close();
        }
      }, mirror);
    await storeStatus({ applied: 123456, done: false });
    await page.reload();
    await shell.waitUntilShown();
    const progress = shell.syncStatus.getByRole('progressbar', { name: 'Saving data for offline use' });
    await progress.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    try {
      const bar = await page.getByRole('banner').evaluate((header) => {
        const box = (el: Element | null | undefined) => (el ? el.getBoundingClientRect() : null);
        const status = header.querySelector('[role="status"][aria-label="Sync status"]');
        const who = header.querySelector('[data-testid="user-name"]')?.parentElement;
        const pieces = Array.from(status?.children ?? []).map(box).filter((r): r is DOMRect => !!r && r.width > 1 && r.height > 1);
        return {
          logo: box(header.querySelector(':scope > svg')),
          who: box(who),
          statusRight: Math.max(...pieces.map((r) => r.right)),
          headerBottom: header.getBoundingClientRect().bottom,
          piecesBottom: Math.max(...pieces.map((r) => r.bottom)),
        };
      });
      expect(bar.logo?.width, `${name}: the logo keeps its size`).toBe(32);
      expect(bar.statusRight, `${name}: the sync status stays left of the user's name`).toBeLessThanOrEqual(bar.who!.left);
      expect(bar.piecesBottom, `${name}: the sync status stays within the top bar`).toBeLessThanOrEqual(bar.headerBottom);
      // Inside the chip: the chip says Online and holds the progress.
      expect(await progress.evaluate((el) => el.parentElement?.textContent?.startsWith('Online') ?? false)).toBe(true);
    } finally {
      await storeStatus({ applied: 123456, done: true });
      await page.reload();
      await shell.waitUntilShown();
    }
  }, CHECK_MS);

  it('an order', async () => {
    const list = new OrdersListPage(page);
    await list.goto();
    await list.waitForRows();
    // A 'New' order: nothing of it shipped yet, so the ASN checks below get all its lines. Other
    // journeys on the same server ship the newest orders, so the first row may have nothing left.
    await list.rowLinkWithState('New').click();
    await new OrderPage(page).heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await checkLayout(page, `${name}: order`, undefined, { headers: columnsAt(width, 'orderLines') });
  }, CHECK_MS);

  it('its ASN drawer', () => withDrawer(page, 'ASNs', 'Advance Ship Notices', () => checkLayout(page, `${name}: ASN drawer`)), CHECK_MS);

  it(
    "a new ASN's lines, the warehouse user's core task",
    () =>
      withDrawer(page, 'ASNs', 'Advance Ship Notices', async () => {
        const order = new OrderPage(page);
        // The order opened above is 'New': all its lines are on the new ASN.
        await order.addAsnButton.click();
        const lines = page.getByRole('region', { name: 'ASN lines' });
        await lines.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
        await lines.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await checkLayout(page, `${name}: ASN lines`, undefined, { headers: columnsAt(width, 'asnLines') });
      }),
    CHECK_MS,
  );
  it(
    'a refused ASN submit: the focus on the error summary at Submit, an over-shipped line readable',
    () =>
      withDrawer(page, 'ASNs', 'Advance Ship Notices', async () => {
        const order = new OrderPage(page);
        // The draft the test above started, or a new one.
        await order.draftButton().or(order.addAsnButton).first().click();
        await order.quantity(1).fill('99999');
        await order.submitButton.click();
        const summary = order.asnForm.getByRole('group', { name: /errors? to correct$/ });
        await summary.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
        expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await summary.getByRole('link', { name: /^Line 1: quantity 99999 is more than/ }).isVisible()).toBe(true);
        const lines = page.getByRole('region', { name: 'ASN lines' });
        await lines.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        // The line's message sits under its description, within the cell's lines.
        await checkLayout(page, `${name}: ASN lines with an over-shipped line`, undefined, { headers: columnsAt(width, 'asnLines') });
      }),
    CHECK_MS,
  );
  it('its history drawer', () => withDrawer(page, 'History', 'Order History', () => checkLayout(page, `${name}: history drawer`)), CHECK_MS);
  it('its orders drawer', () => withDrawer(page, 'Orders', 'Orders', () => checkLayout(page, `${name}: orders drawer`)), CHECK_MS);
});
