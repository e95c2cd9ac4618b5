import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatMessage, messages } from '../../src/domain/messages';
import type { ProductPage, ProductWrapper } from '../../src/domain/schemas/catalogue';
import { CataloguePage } from './pages/catalogue-page';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { waitForServiceWorkerControl } from './support/browser';
import { TABLET_LANDSCAPE, setUpJourneys } from './support/journeys';

const dataDir = inject('dataDir');
const SELLER = 'SUPACMESCI01';
const SELLER_NAME = 'Acme Scientific';
const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys();
const signedIn = (email: string) => journeys.signedIn(email, '/app/catalogue', TABLET_LANDSCAPE);

async function buyerProducts(page: Page): Promise<ProductWrapper[]> {
  const res = await page.request.get(`/api/buyer/${BUYER}/seller/${SELLER}/product?limit=500`);
  return ((await res.json()) as ProductPage).data;
}

const metaOf = async (page: Page, code: string) =>
  ((await (await page.request.get(`/api/buyer/${BUYER}/seller/${SELLER}/product/${code}`)).json()) as ProductWrapper).meta;

/** How many times the server applied an include of the product: a replayed send must not add one. */
function includedHistory(code: string): number {
  const db = new SQLite(join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare("select count(*) as n from history where org_key = ? and entity = 'product' and type = 'INCLUDED' and entity_key like ?")
      .get(BUYER, `%:${code}`) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

const priceFile = (rows: string[]) => Buffer.from(['productCode,uom,startDate,lowerQuantity,upperQuantity,price', ...rows].join('\r\n'));

describe('the catalogue', () => {
  it('lets a supplier upload a price file: a bad row is refused with its errors, a good file is taken in', async () => {
    const page = await signedIn('supplier@acme.demo.test');
    const catalogue = new CataloguePage(page);
    await catalogue.waitForRows();
    expect(await catalogue.table.getByRole('columnheader').allTextContents()).toEqual(['Code', 'Description', 'UOM']);

    await catalogue.uploadPriceFile.click();
    await catalogue.upload(/^Choose or drop the price file/, 'prices.csv', 'text/csv', priceFile(['ACM-100000,EA,2026-01-01,1,,3.25', 'NOPE-1,EA,2026-01-01,1,,2']));
    const refused = await catalogue.waitForJob('Price file', 'failed');
    expect(await refused.getByRole('list', { name: 'Price file errors' }).textContent()).toContain('Row 3: Unknown product code NOPE-1');
    await refused.getByRole('button', { name: 'Dismiss' }).click();

    await catalogue.uploadPriceFile.click();
    await catalogue.upload(/^Choose or drop the price file/, 'prices.csv', 'text/csv', priceFile(['ACM-100000,EA,2026-01-01,1,,3.25']));
    await catalogue.waitForJob('Price file', 'done');
    const res = await page.request.get(`/api/seller/${SELLER}/product/ACM-100000`);
    expect(((await res.json()) as ProductWrapper).prices).toEqual([
      { uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 3.25, startDate: '2026-01-01', currency: 'AUD' },
    ]);
  });

  it('lets a buyer pick a supplier (kept over a reload), and include and exclude online and offline, sent once', async () => {
    const page = await signedIn('buyer@uni.demo.test');
    const catalogue = new CataloguePage(page);
    await catalogue.pickSupplier(SELLER_NAME);
    await catalogue.waitForRows();
    await waitForServiceWorkerControl(page);
    // The chosen supplier survives a reload.
    await page.reload();
    await catalogue.waitForRows();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(formatMessage.catalogueTitle(SELLER_NAME));

    await catalogue.waitForMirror();
    const products = await buyerProducts(page);
    const [online, offline] = products.filter((w) => !w.meta || w.meta.excluded).map((w) => w.product.productCode);

    // Online: the row changes at once, 'Product updated' when the server has it.
    await catalogue.search.fill(online!);
    await catalogue.setIncluded(online!, true);
    await page.getByText(messages.productUpdated).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect((await metaOf(page, online!))?.excluded).toBe(false);
    await catalogue.setIncluded(online!, false);
    await waitUntil(async () => (await metaOf(page, online!))?.excluded === true, 'the exclusion reaches the server');

    // Offline: the row changes at once and the change is sent once back online.
    await catalogue.search.fill(offline!);
    await catalogue.includedBox(offline!).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.context().setOffline(true);
    await catalogue.setIncluded(offline!, true);
    expect((await metaOf(page, offline!).catch(() => null))?.excluded ?? true).toBe(true);
    await page.context().setOffline(false);
    await waitUntil(async () => (await metaOf(page, offline!))?.excluded === false, 'the queued include reaches the server');
    expect(includedHistory(offline!)).toBe(1);

    // Offline, the supplier picker lists the suppliers this device was shown, and opens the catalogue it holds.
    await page.context().setOffline(true);
    await catalogue.changeSupplier();
    await catalogue.pickSupplier(SELLER_NAME);
    await catalogue.waitForRows();
    await page.context().setOffline(false);
  });

  it('lets a buyer generate and download the template, upload a modified one, and export', async () => {
    const page = await signedIn('buyer@uni.demo.test');
    const catalogue = new CataloguePage(page);
    await catalogue.pickSupplier(SELLER_NAME);
    await catalogue.waitForRows();
    const code = (await buyerProducts(page)).find((w) => !w.meta || w.meta.excluded)!.product.productCode;

    // Template: generate, download, edit, upload back.
    expect(await catalogue.download.isDisabled()).toBe(true);
    await catalogue.generate.click();
    await catalogue.waitForJob('Template file', 'done');
    expect(await catalogue.generate.isDisabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), catalogue.download.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    let edited = false;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === code) {
        row.getCell(1).value = 'Y';
        edited = true;
      }
    });
    expect(edited).toBe(true);
    await catalogue.requestModification.click();
    await catalogue.upload(/^Choose or drop the modified template file/, 'template.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from(await workbook.xlsx.writeBuffer()));
    await catalogue.waitForJob('Modification request', 'done');
    expect((await metaOf(page, code))?.excluded).toBe(false);

    // Export.
    await catalogue.exportButton.click();
    await page.getByText(messages.catalogueExportQueued).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await catalogue.waitForJob('Catalogue export', 'done');
  });

  it("flags from the mirror the products whose contract prices the supplier prices otherwise, as the server's list does", async () => {
    const page = await signedIn('buyer@uni.demo.test');
    const catalogue = new CataloguePage(page);
    await catalogue.pickSupplier(SELLER_NAME);
    await catalogue.waitForMirror();
    // Past the spec's first page of 20, a product is held from a fill chunk: its prices and contract prices, not the table.
    const held = (await buyerProducts(page)).slice(20);
    const flagged = held.filter((w) => w.priceDiscrepancyTable.length > 0).slice(0, 3);
    const agreeing = held.filter((w) => w.meta && w.meta.contractPrices.length > 0 && w.priceDiscrepancyTable.length === 0).slice(0, 2);
    expect(flagged.length).toBeGreaterThan(0);
    expect(agreeing.length).toBeGreaterThan(0);
    await page.context().setOffline(true);
    for (const w of [...flagged, ...agreeing]) {
      const code = w.product.productCode;
      await catalogue.search.fill(code);
      await catalogue.includedBox(code).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await catalogue.row(code).getByRole('img', { name: `Pricing discrepancies for ${code}` }).count(), code).toBe(w.priceDiscrepancyTable.length > 0 ? 1 : 0);
    }
    await page.context().setOffline(false);
  });

  it('opens a product in the drawer with every tab, the lightbox, and then in its own page', async () => {
    const page = await signedIn('buyer@uni.demo.test');
    const catalogue = new CataloguePage(page);
    await catalogue.pickSupplier(SELLER_NAME);
    await catalogue.waitForRows();
    const products = await buyerProducts(page);
    const rich =
      products.find((w) => w.priceDiscrepancyTable.length > 0 && w.product.urls.length > 0 && w.product.assets.length > 0 && w.product.barcodes.length > 0) ??
      products.find((w) => w.product.urls.length > 0 && w.product.assets.length > 0 && w.product.barcodes.length > 0)!;
    const code = rich.product.productCode;

    await catalogue.openProduct(code);
    expect(await catalogue.drawer.getByRole('heading', { name: formatMessage.productDrawerTitle(code) }).count()).toBe(1);
    // The supplier's name comes with the buyer's supplier list, possibly after the product.
    await catalogue.drawer.getByText(SELLER_NAME).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await catalogue.tab('Summary').click();
    await catalogue.drawer.getByText('Lead time').waitFor({ state: 'visible' });
    await catalogue.tab('Volumetrics').click();
    await catalogue.drawer.getByText('Weight').waitFor({ state: 'visible' });
    await catalogue.tab(/^Price\(excl\)/).click();
    await catalogue.drawer.getByRole('table', { name: 'Supplier prices' }).waitFor({ state: 'visible' });
    if (rich.priceDiscrepancyTable.length > 0) {
      expect(await catalogue.tab(/^Price\(excl\)/).getByRole('img', { name: 'Pricing discrepancies' }).count()).toBe(1);
      await catalogue.drawer.getByRole('table', { name: 'Pricing Discrepancies' }).waitFor({ state: 'visible' });
    }
    await catalogue.tab('Messages').click();
    await catalogue.drawer.getByText('Comments').waitFor({ state: 'visible' });
    await catalogue.tab('Barcodes').click();
    await catalogue.drawer.getByRole('img', { name: new RegExp(`barcode ${rich.product.barcodes[0]!.code}$`) }).waitFor({ state: 'visible' });
    await catalogue.tab('Custom 1').click();
    const custom = catalogue.drawer.locator('iframe[title="Custom 1"][sandbox=""]');
    await custom.waitFor({ state: 'visible' });
    // The page itself shows, not the browser's refusal to frame it ('refused to connect').
    const customFrame = await (await custom.elementHandle())!.contentFrame();
    const pageUrl = new URL(rich.product.urls[0]!.url, page.url()).href;
    await waitUntil(async () => !['', 'about:blank'].includes(customFrame?.url() ?? ''), 'the Custom tab to load its page');
    expect(customFrame?.url()).toBe(pageUrl);

    await catalogue.drawer.getByRole('button', { name: /^Open image 1 of/ }).click();
    const lightbox = page.locator('.yarl__root');
    await lightbox.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await lightbox.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
    // Escape in the lightbox closes the lightbox only; the drawer stays.
    await catalogue.drawer.getByRole('button', { name: /^Open image 1 of/ }).click();
    await lightbox.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
    expect(await catalogue.drawer.isVisible()).toBe(true);

    await catalogue.drawer.getByRole('link', { name: 'Open in page' }).click();
    await page.waitForURL(`**/app/product/${code}/seller/${SELLER}/buyer/${BUYER}`);
    await page.getByRole('heading', { level: 1, name: formatMessage.productDrawerTitle(code) }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.getByRole('tab', { name: 'Barcodes' }).waitFor({ state: 'visible' });

    // The supplier's form of the link, opened by a buyer: the product as the buyer sees it, never 'Loading…' for ever.
    await page.goto(`/app/product/${code}/seller/${SELLER}`);
    await page.getByRole('heading', { level: 1, name: formatMessage.productDrawerTitle(code) }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.getByRole('tab', { name: 'Barcodes' }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await page.getByText('Loading…').count()).toBe(0);
  });

  it('asks support without an assumed role to assume one', async () => {
    const page = await signedIn('support@demo.test');
    await page.getByText(messages.assumeRoleForCatalogue).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await page.getByRole('table', { name: 'Products' }).count()).toBe(0);
  });
});
