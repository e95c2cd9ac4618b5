import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage } from './pages/login-page';
import { ReceivePage } from './pages/receive-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';
import { checkLayout } from './support/layout-check';

const baseUrl = inject('baseUrl');
const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Receive screen on tablets (touch) and a small desktop', () => {
  it('the shipments to receive and an opened shipment pass the layout check at every size', async () => {
    const context = await newContext(browser, baseUrl, { viewport: SIZES[0], touch: true });
    try {
      const page = await openPage(context);
      await new LoginPage(page).signIn('buyer@uni.demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();
      const receive = new ReceivePage(page);
      for (const size of SIZES) {
        const at = `${size.width}x${size.height}`;
        await page.setViewportSize(size);
        await page.goto('/app/orders/receive');
        await receive.heading.waitFor({ state: 'visible' });
        const card = page.getByRole('button', { name: /^Shipment / }).first();
        await card.waitFor({ state: 'visible' });
        await checkLayout(page, `Receive, shipments at ${at}`);
        await card.click();
        await receive.form.waitFor({ state: 'visible' });
        await checkLayout(page, `Receive, a shipment opened at ${at}`);
        await expect(receive.confirmButton.isVisible()).resolves.toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
