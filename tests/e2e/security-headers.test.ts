import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';
import { cspViolations, recordCspViolations } from './support/csp-violations';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app under its Content-Security-Policy', () => {
  it('signs in (ALTCHA worker), shows the shell and starts syncing without a single policy violation', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      await recordCspViolations(context);
      const page = await openPage(context);
      const consoleViolations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });
      const answer = await page.goto('/');
      expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      const login = new LoginPage(page);
      await login.signIn('admin@biolab.demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();
      expect(await cspViolations(page)).toEqual([]);
      expect(consoleViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("renders the API's reference page (the generated OpenAPI document) for a signed-in user, from the portal itself", async () => {
    const context = await newContext(browser, baseUrl);
    try {
      await recordCspViolations(context);
      const page = await openPage(context);
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== new URL(baseUrl).origin) foreign.push(request.url());
      });
      await page.goto('/');
      await new LoginPage(page).signIn('buyer@uni.demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();

      const answer = await page.goto('/api/reference/');
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      await page.locator('.opblock').first().waitFor({ timeout: UI_WAIT_MS });
      await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(80);
      expect(await page.getByText('Procurement Portal API').first().isVisible()).toBe(true);
      expect(await page.locator('.opblock-summary-path[data-path="/api/seller/{sellerId}/sscc"]').count()).toBe(1);
      if (process.env.API_REFERENCE_SCREENSHOT) await page.screenshot({ path: process.env.API_REFERENCE_SCREENSHOT });

      expect(await cspViolations(page)).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
