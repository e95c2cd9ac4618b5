import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { AccountsPage, UserCommunityPage } from './pages/accounts-page';
import { LoginPage, openPage } from './pages/login-page';
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

describe('accounts screens on tablets and a small desktop', () => {
  it('the accounts list, the account drawer tabs and the user community pass the layout check', async () => {
    const context = await newContext(browser, baseUrl, { viewport: SIZES[0] });
    try {
      const page = await openPage(context);
      await new LoginPage(page).signIn('support@demo.test', DEMO_PASSWORD);
      await new ShellPage(page).waitUntilShown();
      const accounts = new AccountsPage(page);
      const community = new UserCommunityPage(page);
      // Every size for the list and the busiest tab; the simpler states once, on the narrowest (portrait) tablet.
      for (const size of SIZES) {
        const at = `${size.width}x${size.height}`;
        const narrowest = size === SIZES[0];
        await page.setViewportSize(size);
        await accounts.goto();
        await accounts.row('Acme Scientific').waitFor({ state: 'visible' });
        await checkLayout(page, `accounts list ${at}`);

        await accounts.edit('Acme Scientific');
        await accounts.drawer.waitUntilIdle();
        if (narrowest) await checkLayout(page, `account drawer, Basic Info ${at}`);
        await accounts.drawer.tab('Properties').click();
        await accounts.drawer.section('Basic Properties').list.waitFor({ state: 'visible' });
        await checkLayout(page, `account drawer, Properties ${at}`);
        if (narrowest) {
          await accounts.drawer.tab('UOM Mapping').click();
          await accounts.drawer.uomField('EA').waitFor({ state: 'visible' });
          await checkLayout(page, `account drawer, UOM Mapping ${at}`);
        }
        await accounts.drawer.close();

        if (narrowest) {
          await page.goto('/app/accounts/SUPACMESCI01/user');
          await community.waitUntilShown();
          await checkLayout(page, `user community ${at}`);
        }
      }
    } finally {
      await context.close();
    }
  }, 600_000);
});
