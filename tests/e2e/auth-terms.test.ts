import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/demo/orgs';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { TermsPage } from './pages/terms-page';
import { launchBrowser, newContext } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The demo user whose policy waits for the terms; only this journey signs in with it.
const user = DEMO_USERS.find((u) => u.email === 'newbuyer@uni.demo.test')!;

describe('terms of use', () => {
  it('must be accepted before anything else shows, then the buyer shell opens', async () => {
    expect(user.policyState).toBe('TERMS_OF_USE');
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const login = new LoginPage(page);
      const terms = new TermsPage(page);
      const shell = new ShellPage(page);

      await login.goto('/');
      await login.signIn(user.email, DEMO_PASSWORD);
      await terms.waitUntilShown();
      await page.waitForURL((url) => url.pathname === TermsPage.path, { timeout: UI_WAIT_MS });
      expect(await shell.navigation.count()).toBe(0);
      expect(await shell.userName.count()).toBe(0);
      // The portal's own terms (no PORTAL_TERMS_FILE here), readable before they are accepted.
      await terms.text.getByText(/^These Terms of Use apply to everyone who signs in/).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await terms.acceptCheckbox.isChecked()).toBe(false);
      expect(await terms.saveButton.isDisabled()).toBe(true);

      // A direct visit elsewhere goes back to the terms.
      await page.goto('/app/orders');
      await terms.waitUntilShown();
      await page.waitForURL((url) => url.pathname === TermsPage.path, { timeout: UI_WAIT_MS });
      expect(await shell.navigation.count()).toBe(0);

      // Save follows the box.
      await terms.acceptCheckbox.check();
      await waitUntil(() => terms.saveButton.isEnabled(), 'Save enabled once ticked');
      await terms.acceptCheckbox.uncheck();
      await waitUntil(() => terms.saveButton.isDisabled(), 'Save disabled once unticked');

      await terms.accept();
      await shell.waitUntilShown();
      await page.waitForURL((url) => url.pathname === '/app/catalogue', { timeout: UI_WAIT_MS });
      await expect.poll(() => shell.menuLabels(), { timeout: UI_WAIT_MS }).toEqual(['Catalogue', 'Orders', 'Receive', 'Invoices', 'Preferences']);
      expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);

      // Accepted for good: the terms route now leads into the app.
      await page.goto(TermsPage.path);
      await shell.waitUntilShown();
      await page.waitForURL((url) => url.pathname === '/app/catalogue', { timeout: UI_WAIT_MS });
      expect(await terms.heading.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
