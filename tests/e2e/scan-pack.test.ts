import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { isValidSscc } from '../../src/domain/gs1/sscc';
import { scanMessages } from '../../src/domain/scan-messages';
import { CataloguePage } from './pages/catalogue-page';
import { LoginPage, openPage, UI_WAIT_MS, waitUntil } from './pages/login-page';
import { OrderPage } from './pages/orders-page';
import { ScanPage } from './pages/scan-page';
import { newContext, waitForServiceWorkerControl } from './support/browser';
import { launchBrowserWithCamera, writeBarcodeVideo } from './support/fake-camera';
import { labelPages, readLabelBarcodes } from './support/label-barcodes';
import { TABLET_LANDSCAPE } from './support/journeys';
import { startServer, type ServerHandle } from './support/server-process';

const SELLER = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';

interface ApiOrder {
  id: number;
  orderNo: string;
  state: string;
  lines: Array<{ number: number; supplierProductCode: string; quantity: number; uom: string; freeText: boolean }>;
}
interface ApiProduct {
  product: { barcodes: Array<{ uom: string; code: string; type: string }> };
}
interface Packable {
  order: ApiOrder;
  line: ApiOrder['lines'][number];
  barcode: string;
}

const video = mkdtempSync(join(tmpdir(), 'portal-scan-'));
const videoFile = join(video, 'camera.y4m');
let browser: Browser;
let server: ServerHandle;
let closeContext: (() => Promise<void>) | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowserWithCamera(videoFile), startServer()]);
});
afterEach(async () => {
  await closeContext?.();
  closeContext = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(video, { recursive: true, force: true });
});

async function signedIn(): Promise<Page> {
  const context = await newContext(browser, server.url, TABLET_LANDSCAPE);
  closeContext = () => context.close();
  const page = await openPage(context);
  const login = new LoginPage(page);
  await login.goto('/app/catalogue');
  await login.signIn(SUPPLIER, DEMO_PASSWORD);
  return page;
}

const json = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path);
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}`);
  return (await res.json()) as T;
};

/**
 * Orders with nothing shipped yet, and on each a catalogue line whose product has an
 * EAN-13 in the line's UOM and `least` to `most` whole units to ship; `skip` leaves out those
 * other tests take.
 */
async function packable(page: Page, least: number, most: number, skip: number): Promise<Packable> {
  const orders = await json<ApiOrder[]>(page, `/api/seller/${SELLER}/order?limit=100`);
  let found = 0;
  for (const summary of orders.filter((o) => o.state === 'New' || o.state === 'Acknowledged')) {
    if ((await json<unknown[]>(page, `/api/seller/${SELLER}/asn?orderNumber=${encodeURIComponent(summary.orderNo)}`)).length > 0) continue;
    const order = await json<ApiOrder>(page, `/api/seller/${SELLER}/order/${summary.id}`);
    for (const line of order.lines.filter((l) => !l.freeText && l.quantity >= least && l.quantity <= most && Number.isInteger(l.quantity))) {
      const product = await json<ApiProduct>(page, `/api/seller/${SELLER}/product/${encodeURIComponent(line.supplierProductCode)}`);
      const barcode = product.product.barcodes.find((b) => b.uom === line.uom && /^\d{13}$/.test(b.code));
      if (barcode && found++ === skip) return { order, line, barcode: barcode.code };
      if (barcode) break;
    }
  }
  throw new Error('The demo data has no unshipped order with a product barcode in its line UOM');
}

/** The whole catalogue on this device (scanning reads the barcodes from it), then the order with the service worker in control. */
async function prepareOffline(page: Page, order: ApiOrder): Promise<OrderPage> {
  await new CataloguePage(page).waitForMirror();
  const view = new OrderPage(page);
  await view.goto(SELLER, String(order.id));
  await waitForServiceWorkerControl(page);
  await page.context().setOffline(true);
  await page.reload();
  await view.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  await view.openAsns();
  await view.addAsnButton.click();
  await view.carrierName.fill('Scan Freight');
  await view.shippedDate.fill('2026-11-27');
  await view.carrierName.blur();
  return view;
}

describe('scan to pack', () => {
  it("counts two units seen by the tablet's camera into an ASN line offline, and the ASN reaches the server once back online", async () => {
    const page = await signedIn();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { order, line, barcode } = await packable(page, 2, 1000, 0);
    // The barcode is in view for 1 s, then the bench is empty for 5 s: each loop of the file is one scan.
    writeBarcodeVideo(videoFile, { bcid: 'ean13', text: barcode, framesShown: 10, framesEmpty: 50 });
    const view = await prepareOffline(page, order);

    // The scanner's code is not part of the ASN screen: it arrives when Scan is pressed, from the service worker's cache (offline).
    const scriptsBefore = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scriptsBefore.some((name) => /pack-scan-dialog|zxing_reader/.test(name))).toBe(false);
    await view.asnForm.getByRole('button', { name: scanMessages.scan, exact: true }).click();
    const scan = new ScanPage(page);
    await scan.dialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    // Counting starts from zero (the draft was prefilled with all that is left, at least 2): two loops of the video make 2.
    await waitUntil(async () => (await scan.packedOf(line.number)).startsWith('2.00 /'), 'two scans of the barcode', 4 * UI_WAIT_MS);
    expect(await scan.status.textContent()).toBe(scanMessages.counted(line.number, line.supplierProductCode, 2, line.uom, line.quantity - 2));
    await scan.doneButton.click();
    await scan.dialog.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.some((name) => name.includes('zxing_reader'))).toBe(true);

    // Done keeps the count; the lines nothing was counted on left the ASN.
    const quantities = await view.asnForm.getByLabel(/^Quantity of line/).evaluateAll((inputs) =>
      inputs.map((i) => `${i.getAttribute('aria-label')}=${(i as HTMLInputElement).value}`),
    );
    expect(quantities).toEqual([`Quantity of line ${line.number}=2.00`]);
    await view.submitConfirmed();
    await waitUntil(async () => (await view.status.textContent()) === 'Status: Waiting to be sent', 'the submit waits to be sent');

    await page.context().setOffline(false);
    const asnsOf = () => json<Array<{ carrierName: string; lines: Array<{ number: number; quantity: number }> }>>(page, `/api/seller/${SELLER}/asn?orderNumber=${encodeURIComponent(order.orderNo)}`);
    await waitUntil(async () => (await asnsOf()).length > 0, 'the queued ASN reaches the server', 2 * UI_WAIT_MS);
    // Read without waiting: the status line goes once the ASN is sent, and a read that waits for
    // it (count, then textContent) waited its whole timeout when it went between the two.
    await waitUntil(async () => (await view.status.allTextContents()).every((text) => text !== 'Status: Waiting to be sent'), 'the outbox to settle');
    const sent = await asnsOf();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.carrierName).toBe('Scan Freight');
    expect(sent[0]!.lines.map((l) => [l.number, l.quantity])).toEqual([[line.number, 2]]);
    expect(pageErrors).toEqual([]);
  }, 300_000);

  it('takes a hardware scanner without a camera, packs into packages without SSCCs and says why, names a barcode of no line, asks before going over, and Cancel scan brings the typed quantities back', async () => {
    const page = await signedIn();
    // This tablet's user refused the camera: the view says so and the hardware scanner still works.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    const { order, line, barcode } = await packable(page, 1, 8, 1);
    const view = await prepareOffline(page, order);
    const typed = await view.asnForm.getByLabel(/^Quantity of line/).evaluateAll((inputs) =>
      inputs.map((i) => `${i.getAttribute('aria-label')}=${(i as HTMLInputElement).value}`),
    );

    await view.asnForm.getByRole('button', { name: scanMessages.scan, exact: true }).click();
    const scan = new ScanPage(page);
    await scan.dialog.getByText(scanMessages.cameraDenied).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    // The hardware scanner's field has the focus: a wedge types into it without a tap.
    expect(await scan.wedge.evaluate((input) => input === document.activeElement)).toBe(true);

    // Offline, this device holds no SSCC: the package is started without one, and the view says why.
    const packages = scan.dialog.getByRole('list', { name: scanMessages.packagesTitle });
    await scan.dialog.getByRole('button', { name: scanMessages.newPackage }).click();
    await scan.dialog.getByRole('alert').filter({ hasText: scanMessages.noSsccLeft }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    // Online, the server is asked, and the demo supplier has no GS1 company prefix: it still packs, told why.
    await page.context().setOffline(false);
    await scan.dialog.getByRole('button', { name: scanMessages.newPackage }).click();
    await scan.dialog.getByRole('alert').filter({ hasText: scanMessages.noCompanyPrefix }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.context().setOffline(true);
    expect(await packages.getByRole('listitem').allTextContents()).toEqual([
      scanMessages.packageLine(1, 2, 'carton', null, 0, false),
      scanMessages.packageLine(2, 2, 'carton', null, 0, true),
    ]);
    await scan.wedge.focus();

    await scan.wedgeScan('4006381333931');
    await waitUntil(async () => (await scan.status.textContent()) === scanMessages.unknownBarcode('4006381333931'), 'the unknown barcode to be named');

    const left = Math.ceil(line.quantity);
    for (let n = 1; n <= left; n += 1) {
      await scan.wedgeScan(barcode);
      await waitUntil(async () => (await scan.packedOf(line.number)).startsWith(`${n.toFixed(2)} /`), `scan ${n} to count`);
    }
    await scan.wedgeScan(barcode);
    const ask = page.getByRole('alertdialog', { name: scanMessages.overTitle });
    await ask.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await ask.getByRole('button', { name: scanMessages.overRefuse }).click();
    await ask.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
    expect(await scan.packedOf(line.number)).toBe(`${left.toFixed(2)} / ${line.quantity.toFixed(2)} ${line.uom}`);
    // The scans went into the open package.
    expect(await packages.getByRole('listitem').nth(1).textContent()).toBe(scanMessages.packageLine(2, 2, 'carton', null, left, true));

    await scan.cancelButton.click();
    await scan.dialog.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
    const restored = await view.asnForm.getByLabel(/^Quantity of line/).evaluateAll((inputs) =>
      inputs.map((i) => `${i.getAttribute('aria-label')}=${(i as HTMLInputElement).value}`),
    );
    expect(restored).toEqual(typed);
  }, 300_000);

  it('labels packages with SSCCs on the supplier\'s GS1 company prefix, and the label PDF, made offline, holds GS1-128 barcodes that read back as (00) + SSCC', async () => {
    const page = await signedIn();
    const prefix = await page.request.post(`/api/org/${SELLER}/property`, { data: { property: PROPERTY_NAMES.gs1CompanyPrefix, value: '0614141' } });
    // 409: a retry of this test finds the prefix already there.
    expect([200, 201, 409]).toContain(prefix.status());
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    const { order, barcode } = await packable(page, 1, 1000, 2);
    await new CataloguePage(page).waitForMirror();
    const view = new OrderPage(page);
    await view.goto(SELLER, String(order.id));
    await view.openAsns();
    await view.addAsnButton.click();
    await view.asnForm.getByRole('button', { name: scanMessages.scan, exact: true }).click();
    const scan = new ScanPage(page);
    await scan.dialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await scan.dialog.getByRole('button', { name: scanMessages.newPackage }).click();
    const packages = scan.dialog.getByRole('list', { name: scanMessages.packagesTitle });
    await packages.getByText(/\(00\) \d{18}/).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    const sscc = /\(00\) (\d{18})/.exec((await packages.textContent()) ?? '')![1]!;
    expect(isValidSscc(sscc) && sscc.startsWith('00614141')).toBe(true);
    await scan.wedge.focus();
    await scan.wedgeScan(barcode);
    await packages.getByText(scanMessages.packageLine(1, 1, 'carton', sscc, 1, true)).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await scan.doneButton.click();

    // Offline: the label code (pdf-lib) was never loaded on this page and comes from the service worker's precache.
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /package-labels/.test(e.name)))).toBe(false);
    await page.context().setOffline(true);
    const download = page.waitForEvent('download');
    await view.asnForm.getByRole('button', { name: scanMessages.printLabels }).click();
    // A download's path has no timeout of its own.
    const saved = await Promise.race([
      (await download).path(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The label PDF did not finish downloading')), UI_WAIT_MS)),
    ]);
    const pdf = readFileSync(saved);
    const pages = await labelPages(pdf);
    expect(pages).toHaveLength(1);
    // 100 x 150 mm.
    expect([Math.round((pages[0]!.width * 25.4) / 72), Math.round((pages[0]!.height * 25.4) / 72)]).toEqual([100, 150]);
    expect(pages[0]!.texts).toEqual(expect.arrayContaining(['SHIP FROM', 'SHIP TO', `Order ${order.orderNo}`, 'Package 1 of 1 (carton)', `(00) ${sscc}`]));
    // Each address block names its party under its title.
    const texts = pages[0]!.texts;
    expect(texts[texts.indexOf('SHIP FROM') + 1]).not.toBe('SHIP TO');
    expect(texts[texts.indexOf('SHIP TO') + 1]).not.toMatch(/^Order /);
    expect(await readLabelBarcodes(pages[0]!)).toEqual([`]C1(00)${sscc}`]);
  }, 300_000);
});

