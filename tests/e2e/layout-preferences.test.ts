import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { LoginPage, openPage } from './pages/login-page';
import { PreferencesPage } from './pages/preferences-page';
import { PricelistsPage } from './pages/pricelists-page';
import { launchBrowser, newContext } from './support/browser';
import { checkLayout } from './support/layout-check';

const baseUrl = inject('baseUrl');
const SIZES = [
  { name: 'tablet portrait', viewport: { width: 768, height: 1024 }, touch: true },
  { name: 'tablet landscape', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function signedIn(email: string, path: string, size: (typeof SIZES)[number]): Promise<Page> {
  context = await newContext(browser, baseUrl, { viewport: size.viewport, touch: size.touch });
  const page = await openPage(context);
  const login = new LoginPage(page);
  await login.goto(path);
  await login.signIn(email, DEMO_PASSWORD);
  return page;
}

describe('pricelists and preferences layouts', () => {
  for (const size of SIZES) {
    it(`pricelists and the supplier's preferences at ${size.name}`, async () => {
      const page = await signedIn('supplier@acme.demo.test', '/app/pricelists', size);
      const pricelists = new PricelistsPage(page);
      const firstRow = pricelists.list.getByRole('row').nth(1);
      const ready = async () => {
        await firstRow.click();
        await pricelists.mapUniversities.waitFor({ state: 'visible' });
      };
      await pricelists.heading.waitFor({ state: 'visible' });
      await checkLayout(page, `pricelists, ${size.name}`, ready);
      const prefs = new PreferencesPage(page);
      await prefs.goto();
      await checkLayout(page, `supplier preferences, ${size.name}`, () => prefs.asnRecipients.waitFor({ state: 'visible' }));
    });

    it(`the buyer's preferences at ${size.name}`, async () => {
      const page = await signedIn('buyer@uni.demo.test', '/app/preferences', size);
      const prefs = new PreferencesPage(page);
      await prefs.heading.waitFor({ state: 'visible' });
      await checkLayout(page, `categories, ${size.name}`, () => prefs.tree.waitFor({ state: 'visible' }));
      await checkLayout(page, `account no, ${size.name}`, async () => {
        await prefs.open('Account No');
        await prefs.supplier.selectOption('SUPACMESCI01');
        await prefs.catalogueAccountCode.waitFor({ state: 'visible' });
      });
    });
  }
});
