import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, SUPPLIERS } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes?: string; type?: string; purpose?: string }[];
  shortcuts?: { name: string; url: string }[];
}

describe('installable, offline-capable app', () => {
  it('the linked manifest names the app, its icons (one maskable), colour, standalone display and shortcuts', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      await page.goto('/');
      await new LoginPage(page).waitUntilShown();
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const manifestUrl = new URL(href!, page.url());
      const response = await context.request.get(manifestUrl.href);
      expect(response.status()).toBe(200);
      const manifest = (await response.json()) as WebManifest;

      expect(manifest.name).toBeTruthy();
      expect(manifest.short_name).toBeTruthy();
      expect(manifest.display).toBe('standalone');
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
      const icons = manifest.icons ?? [];
      expect(icons.some((i) => i.sizes?.split(' ').includes('192x192'))).toBe(true);
      expect(icons.some((i) => i.sizes?.split(' ').includes('512x512'))).toBe(true);
      expect(icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
      // Every icon the manifest names is actually served as an image.
      for (const icon of icons) {
        const res = await context.request.get(new URL(icon.src, manifestUrl).href);
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()['content-type'], icon.src).toMatch(/^image\//);
      }
      // Signed out, the shortcuts are everyone's: 'Invoices' is offered once the viewer may open invoices (below).
      const shortcutPaths = (manifest.shortcuts ?? []).map((s) => new URL(s.url, manifestUrl).pathname);
      expect(shortcutPaths).toEqual(['/app/orders']);
      if (manifest.start_url) expect(new URL(manifest.start_url, manifestUrl).origin).toBe(new URL(baseUrl).origin);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['supplier@acme.demo.test', ['Orders']],
    ['buyer@uni.demo.test', ['Orders', 'Invoices']],
  ])("Chromium's manifest for the signed-in page of %s offers the shortcuts %j", async (email, shortcuts) => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      await new LoginPage(page).signIn(email, DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();
      // What the browser itself would install (or update the installed app to) from this page.
      const cdp = await context.newCDPSession(page);
      const { data, errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const installed = JSON.parse(data ?? '{}') as WebManifest;
      expect((installed.shortcuts ?? []).map((s) => s.name)).toEqual(shortcuts);
      expect(installed.name).toBe('Procurement Portal');
    } finally {
      await context.close();
    }
  });

  it('after one signed-in visit the shell opens offline with the user and an Offline badge', async () => {
    const user = DEMO_USERS.find((u) => u.email === 'supplier@acme.demo.test')!;
    const company = SUPPLIERS.find((o) => o.key === user.orgKey)!;
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const shell = new ShellPage(page);
      await new LoginPage(page).signIn(user.email, DEMO_PASSWORD);
      await shell.waitUntilShown();
      expect(await shell.offlineBadge.count()).toBe(0);

      // The worker is installed, active and in control of this page.
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise<void>((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
          );
        }
        // clients.claim() runs inside the activate event: control can come just before the state says so.
        const active = registration.active;
        if (active && active.state !== 'activated') {
          await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
        }
        return {
          active: registration.active?.state ?? null,
          scope: registration.scope,
          controller: navigator.serviceWorker.controller?.scriptURL ?? null,
        };
      });
      expect(worker.active).toBe('activated');
      expect(worker.controller).toMatch(/\/sw\.js$/);
      expect(new URL(worker.scope).pathname).toBe('/');

      await context.setOffline(true);
      await page.reload();
      await shell.waitUntilShown();
      await shell.offlineBadge.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);
      expect(await shell.companyNameText()).toBe(company.name);
      await expect.poll(() => shell.menuLabels(), { timeout: UI_WAIT_MS }).toEqual(['Catalogue', 'Pricelists', 'Orders', 'Preferences']);

      // Another route of the app opens offline too (the worker answers every navigation).
      await page.goto('/app/orders');
      await shell.waitUntilShown();
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);

      // Back online the badge goes away.
      await context.setOffline(false);
      await shell.offlineBadge.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);
    } finally {
      await context.close();
    }
  });
});
