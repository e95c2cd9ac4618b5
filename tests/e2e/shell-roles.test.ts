import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, SUPPLIERS, SUPPORT_ORG, UNIVERSITIES } from '../../server/db/demo/orgs';
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

function demoUser(email: string) {
  const user = DEMO_USERS.find((u) => u.email === email);
  const org = [SUPPORT_ORG, ...UNIVERSITIES, ...SUPPLIERS].find((o) => o.key === user?.orgKey);
  if (!user || !org) throw new Error(`${email} is not a demo user`);
  return { ...user, companyName: org.name };
}

const journeys = [
  {
    email: 'support@demo.test',
    menu: ['Catalogue', 'Pricelists', 'Orders', 'Invoices', 'Accounts', 'Preferences'],
    outsideRole: null,
  },
  {
    email: 'buyer@uni.demo.test',
    // Receive, the dock's screen, sits inside Orders for who may receive deliveries.
    menu: ['Catalogue', 'Orders', 'Receive', 'Invoices', 'Preferences'],
    outsideRole: '/app/accounts',
  },
  {
    email: 'supplier@acme.demo.test',
    menu: ['Catalogue', 'Pricelists', 'Orders', 'Preferences'],
    outsideRole: '/app/invoices',
  },
] as const;

describe('each role sees its own shell', () => {
  for (const journey of journeys) {
    it(`${journey.email}: menu, names in the top bar, / lands on the catalogue${journey.outsideRole ? ', other routes are refused' : ''}`, async () => {
      const user = demoUser(journey.email);
      const context = await newContext(browser, baseUrl);
      try {
        const page = await openPage(context);
        const login = new LoginPage(page);
        const shell = new ShellPage(page);

        await login.goto('/');
        await login.signIn(user.email, DEMO_PASSWORD);
        await shell.waitUntilShown();

        expect(new URL(page.url()).pathname).toBe('/app/catalogue');
        await expect.poll(() => shell.menuLabels(), { timeout: UI_WAIT_MS }).toEqual(journey.menu);
        await expect.poll(() => shell.currentMenuEntry(), { timeout: UI_WAIT_MS }).toBe('Catalogue');
        expect(await shell.userNameText()).toBe(`${user.firstName} ${user.lastName}`);
        expect(await shell.companyNameText()).toBe(user.companyName);

        // A fresh load of / (the session now comes from the cookie) still lands on the catalogue.
        await page.goto('/');
        await shell.waitUntilShown();
        await page.waitForURL((url) => url.pathname === '/app/catalogue', { timeout: UI_WAIT_MS });
        await expect.poll(() => shell.menuLabels(), { timeout: UI_WAIT_MS }).toEqual(journey.menu);

        // The last entry of the menu opens its route and becomes the current one.
        await shell.navLink('Preferences').click();
        await page.waitForURL((url) => url.pathname === '/app/preferences', { timeout: UI_WAIT_MS });
        await expect.poll(() => shell.currentMenuEntry(), { timeout: UI_WAIT_MS }).toBe('Preferences');

        if (journey.outsideRole) {
          await page.goto(journey.outsideRole);
          await shell.waitUntilShown();
          await shell.notAvailable.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
          expect(new URL(page.url()).pathname).toBe(journey.outsideRole);
          // The menu still offers only the role's own entries.
          expect(await shell.menuLabels()).toEqual(journey.menu);
        } else {
          // Every route of the menu is open to support: none shows the refusal.
          for (const path of ['/app/pricelists', '/app/invoices', '/app/accounts']) {
            await page.goto(path);
            await shell.waitUntilShown();
            await expect.poll(() => shell.currentMenuEntry(), { timeout: UI_WAIT_MS }).not.toBeNull();
            expect(await shell.notAvailable.count()).toBe(0);
          }
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the side menu collapses and expands from the top bar', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await openPage(context);
      const shell = new ShellPage(page);
      await new LoginPage(page).signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      await shell.waitUntilShown();

      expect(await shell.toggleNavigation.getAttribute('aria-expanded')).toBe('true');
      const wide = (await shell.navigation.boundingBox())?.width ?? 0;
      await shell.toggleNavigation.click();
      await expect.poll(() => shell.toggleNavigation.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(async () => (await shell.navigation.boundingBox())?.width ?? 0, { timeout: UI_WAIT_MS }).toBeLessThan(wide);
      // Collapsed, the entries keep their names for assistive tech.
      expect(await shell.menuLabels()).toEqual(['Catalogue', 'Pricelists', 'Orders', 'Preferences']);
      await shell.toggleNavigation.click();
      await expect.poll(() => shell.toggleNavigation.getAttribute('aria-expanded')).toBe('true');
    } finally {
      await context.close();
    }
  });
});
