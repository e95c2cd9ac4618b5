import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { CataloguePage } from './pages/catalogue-page';
import { LoginPage, openPage } from './pages/login-page';
import { launchBrowser, newContext } from './support/browser';
import { checkLayout } from './support/layout-check';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'tablet portrait', viewport: { width: 768, height: 1024 }, touch: true },
  { name: 'tablet landscape', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
];

describe('the catalogue on tablets and the desktop', () => {
  for (const size of SIZES) {
    it(`fits ${size.name}: the buyer's catalogue and the product drawer`, async () => {
      const context = await newContext(browser, baseUrl, size);
      try {
        const page = await openPage(context);
        await new LoginPage(page).signIn('buyer@uni.demo.test', DEMO_PASSWORD);
        const catalogue = new CataloguePage(page);
        await catalogue.goto();
        await catalogue.supplierSearch.waitFor({ state: 'visible' });
        await catalogue.suppliers.waitFor({ state: 'visible' });
        // The picker is a plain list: checked once, at the narrowest size.
        if (size === SIZES[0]) await checkLayout(page, `supplier picker, ${size.name}`);
        await catalogue.pickSupplier('Acme Scientific');
        await catalogue.waitForRows();
        await checkLayout(page, `buyer catalogue, ${size.name}`);
        await catalogue.table.getByRole('row').nth(1).click();
        await catalogue.drawer.waitFor({ state: 'visible' });
        await checkLayout(page, `product drawer, ${size.name}`);
      } finally {
        await context.close();
      }
    });
  }

  it("fits a tablet: the supplier's catalogue", async () => {
    const context = await newContext(browser, baseUrl, SIZES[0]);
    try {
      const page = await openPage(context);
      await new LoginPage(page).signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      const catalogue = new CataloguePage(page);
      await catalogue.goto();
      await catalogue.waitForRows();
      await checkLayout(page, "supplier's catalogue, tablet portrait");
    } finally {
      await context.close();
    }
  });
});
