import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldErrors, formatMessage, messages } from '../../src/domain/messages';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { PreferencesPage } from './pages/preferences-page';
import { PricelistsPage } from './pages/pricelists-page';
import { ChangeRequestLog } from './pages/sync-status-page';
import { type ContextOptions, waitForServiceWorkerControl } from './support/browser';
import { DESKTOP, TABLET_PORTRAIT, setUpJourneys } from './support/journeys';

const SELLER = 'SUPACMESCI01';
const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys();
const signedIn = (email: string, path: string, screen: ContextOptions = TABLET_PORTRAIT) => journeys.signedIn(email, path, screen);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
const json = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

describe('pricelists and preferences', () => {
  it('lets the supplier add, rename, price and map a pricelist, and set its ASN recipients', async () => {
    const page = await signedIn('supplier@acme.demo.test', '/app/pricelists', DESKTOP);
    const view = new PricelistsPage(page);
    await view.heading.waitFor({ state: 'visible' });
    const stamp = Date.now().toString(36);

    await view.add(`E2E labs ${stamp}`);
    await toast(page, messages.pricelistNameSaved);
    await view.row(`E2E labs ${stamp}`).click();
    await view.rename(`E2E teaching ${stamp}`);
    await toast(page, messages.pricelistModified);
    await view.row(`E2E teaching ${stamp}`).waitFor({ state: 'visible' });

    const products = await json<{ data: Array<{ product?: { productCode: string }; productCode?: string }> }>(page, `/api/seller/${SELLER}/product?limit=1`);
    const code = products.data[0]!.product?.productCode ?? products.data[0]!.productCode!;
    await view.uploadPrices(`productCode,uom,startDate,lowerQuantity,upperQuantity,price\n${code},EA,2026-01-01,1,10,12.5\n`);
    await waitUntil(async () => (await view.uploadOutcome.textContent()) === 'The file was imported: 1 row.', 'the good price file is imported');
    await view.prices.getByRole('row').filter({ hasText: code }).filter({ hasText: '12.50' }).waitFor({ state: 'visible' });

    await view.uploadPrices(`productCode,uom,startDate,lowerQuantity,upperQuantity,price\nNO-SUCH-CODE-${stamp},EA,2026-01-01,1,10,3\n`);
    await view.uploadRefusal.waitFor({ state: 'visible' });
    expect(await view.uploadRefusal.textContent()).toContain(`Row 2: Unknown product code NO-SUCH-CODE-${stamp}`);
    expect(await view.prices.getByRole('row').filter({ hasText: code }).filter({ hasText: '12.50' }).count()).toBe(1);

    const universities = await json<Array<{ uniqueKey: string; name: string }>>(page, '/api/org?type=2&limit=2');
    await view.mapTo(universities.map((u) => u.name));
    await toast(page, formatMessage.pricelistMapped(`E2E teaching ${stamp}`, 2));
    const lists = await json<{ data: Array<{ pricelistId: number; name: string }> }>(page, `/api/seller/${SELLER}/pricelist?limit=100`);
    const id = lists.data.find((p) => p.name === `E2E teaching ${stamp}`)!.pricelistId;
    expect((await json<{ buyerIds: string[] }>(page, `/api/seller/${SELLER}/pricelist/${id}/buyers`)).buyerIds).toEqual(universities.map((u) => u.uniqueKey).sort());

    // Offline: the drawer opens with the mapping as held, the change waits, survives a reload, and is sent once.
    const [kept, dropped] = universities as [(typeof universities)[0], (typeof universities)[0]];
    const log = new ChangeRequestLog(page.context());
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    expect(await view.mapped([kept.name, dropped.name])).toEqual([kept.name, dropped.name]);
    await view.setMapping({ [dropped.name]: false });
    await view.mappingWaiting.waitFor({ state: 'visible' });
    await page.reload();
    await view.row(`E2E teaching ${stamp}`).click();
    await view.mappingWaiting.waitFor({ state: 'visible' });
    expect(await view.mapped([kept.name, dropped.name])).toEqual([kept.name]);
    await page.context().setOffline(false);
    await waitUntil(
      async () => (await json<{ buyerIds: string[] }>(page, `/api/seller/${SELLER}/pricelist/${id}/buyers`)).buyerIds.join() === kept.uniqueKey,
      'the queued mapping reaches the server',
    );
    await view.mappingWaiting.waitFor({ state: 'detached' });
    log.stop();
    const sends = log.to(`/api/seller/${SELLER}/pricelist/${id}/buyers`).filter((c) => c.method === 'PUT');
    expect(sends.length).toBeGreaterThan(0);
    expect(new Set(sends.map((c) => c.idempotencyKey)).size).toBe(1);

    const prefs = new PreferencesPage(page);
    await prefs.goto();
    expect(await prefs.tabNames()).toEqual(['ASN Recipients', 'Account Properties']);
    await prefs.asnRecipients.fill('orders@acme.test; dispatch');
    await prefs.save('List of ASN Recipients');
    expect(await prefs.fieldError(prefs.asnRecipients)).toBe(fieldErrors.invalidEmailList('ASN Recipients'));
    await prefs.asnRecipients.fill(`asn-${stamp}@acme.test, dock@acme.test`);
    await prefs.save('List of ASN Recipients');
    await toast(page, messages.propertySaved);
    const saved = await json<Array<{ value: string }>>(page, `/api/org/${SELLER}/property?property=ASN_CONTACT_EMAIL_LIST`);
    expect(saved.map((p) => p.value)).toEqual([`asn-${stamp}@acme.test, dock@acme.test`]);
  });

  it('lets the buyer browse and upload its category tree, and save tax codes and an account code, also offline', async () => {
    const page = await signedIn('buyer@uni.demo.test', '/app/preferences');
    const prefs = new PreferencesPage(page);
    await prefs.heading.waitFor({ state: 'visible' });
    expect(await prefs.tabNames()).toEqual(['Categories', 'Tax Codes', 'Invoice Matching', 'Account No', 'Account Properties']);
    const stamp = Date.now().toString(36).toUpperCase();

    await prefs.uploadTree(`code,description,parentCode\nE2E${stamp},E2E root,\nE2E${stamp}-1,E2E child,E2E${stamp}\n`);
    await prefs.treeItem(`E2E${stamp}`).first().waitFor({ state: 'visible' });
    await prefs.tree.focus();
    await prefs.page.keyboard.press('Home');
    await prefs.page.keyboard.press('ArrowRight');
    await prefs.treeItem('E2E child').waitFor({ state: 'visible' });
    expect(await prefs.treeItem(`E2E${stamp}`).first().getAttribute('aria-expanded')).toBe('true');
    await prefs.page.keyboard.press('ArrowLeft');
    await prefs.treeItem('E2E child').waitFor({ state: 'detached' });

    await prefs.open('Tax Codes');
    await prefs.taxableCode.fill('GST');
    await prefs.nonTaxableCode.fill('');
    await prefs.save('Tax Codes');
    expect(await prefs.fieldError(prefs.nonTaxableCode)).toBe(fieldErrors.required('Non Taxable Code'));
    await prefs.nonTaxableCode.fill('FRE');
    await prefs.save('Tax Codes');
    await toast(page, messages.taxCodesUpdated);

    await prefs.open('Account No');
    await prefs.supplier.selectOption(SELLER);
    await prefs.catalogueAccountCode.fill(`CAT-${stamp}`);
    await prefs.save('Catalogue Account Code', 'Save Catalogue Account Code');
    const supplierName = (await prefs.supplier.locator('option:checked').textContent())!;
    await toast(page, formatMessage.accountCodeUpdated(supplierName));
    expect((await json<{ supplierCode: string }>(page, `/api/buyer/${BUYER}/seller/${SELLER}/props`)).supplierCode).toBe(`CAT-${stamp}`);

    const log = new ChangeRequestLog(page.context());
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await prefs.open('Tax Codes');
    await prefs.taxableCode.fill(`OFF-${stamp}`);
    await prefs.save('Tax Codes');
    await prefs.status('Tax Codes').filter({ hasText: 'Waiting to be sent' }).waitFor({ state: 'visible' });
    await page.reload();
    await prefs.open('Tax Codes');
    await waitUntil(async () => (await prefs.taxableCode.inputValue()) === `OFF-${stamp}`, 'the queued tax code survives the reload');
    await page.context().setOffline(false);
    await waitUntil(
      async () => (await json<{ taxCodeMapping: { taxableCode: string } }>(page, `/api/buyer/${BUYER}`)).taxCodeMapping.taxableCode === `OFF-${stamp}`,
      'the queued tax codes reach the server',
    );
    await prefs.status('Tax Codes').filter({ hasText: 'Waiting to be sent' }).waitFor({ state: 'detached' });
    log.stop();
    // Tries made while offline never reached the server; every try carries the one change's key, so it applied once.
    const sends = log.to(`/api/buyer/${BUYER}`).filter((c) => c.method === 'POST');
    expect(sends.length).toBeGreaterThan(0);
    expect(new Set(sends.map((c) => c.idempotencyKey)).size).toBe(1);
  });

  it("shows support the preferences of the role it assumed", async () => {
    const page = await signedIn('support@demo.test', '/app/preferences', DESKTOP);
    const prefs = new PreferencesPage(page);
    await prefs.heading.waitFor({ state: 'visible' });
    const assume = async (orgType: 'SUPPLIER' | 'UNIVERSITY', orgId: string) => {
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.renderFor, JSON.stringify({ orgType, orgId, companyName: orgId })]);
      await prefs.goto();
    };
    await assume('SUPPLIER', SELLER);
    expect(await prefs.tabNames()).toEqual(['ASN Recipients', 'Account Properties']);
    await assume('UNIVERSITY', BUYER);
    expect(await prefs.tabNames()).toEqual(['Categories', 'Tax Codes', 'Invoice Matching', 'Account No', 'Account Properties']);
    await prefs.open('Tax Codes');
    await waitUntil(async () => (await prefs.taxableCode.inputValue()) !== '', "the buyer's tax codes show");
  });
});
