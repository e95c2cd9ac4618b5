import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { LoginPage, openPage } from './pages/login-page';
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

describe('logout', () => {
  it('the account menu signs out to the login, and a reload stays there', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const login = new LoginPage(page);
      const shell = new ShellPage(page);

      await login.signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      await shell.waitUntilShown();
      // Let the service worker take control, so an offline reload later can open the app.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (navigator.serviceWorker.controller) return;
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      });

      await shell.accountMenuButton.click();
      await shell.accountMenu.waitFor({ state: 'visible' });
      expect(await shell.accountMenu.getByRole('menuitem').allTextContents()).toEqual(['Settings', 'Logout']);
      await shell.menuItem('Logout').click();

      await login.waitUntilShown();
      expect(await shell.userName.count()).toBe(0);
      expect(await shell.navigation.count()).toBe(0);
      expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.session)).toBeNull();

      await page.reload();
      await login.waitUntilShown();
      expect(await shell.userName.count()).toBe(0);

      // The server forgot the session too: the app itself cannot open, only the login.
      await page.goto('/app/orders');
      await login.waitUntilShown();
      expect(await shell.navigation.count()).toBe(0);
      const policy = await page.evaluate(async () => (await fetch('/api/policy')).status);
      expect(policy).toBe(401);

      // Nothing of the user is kept in this browser: offline, the app opens on the login, not on a saved profile.
      await context.setOffline(true);
      await page.reload();
      await login.waitUntilShown();
      expect(await shell.userName.count()).toBe(0);
      expect(await shell.offlineBadge.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
