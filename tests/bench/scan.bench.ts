import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { remainingQuantities } from '../../src/domain/remaining-quantities';
import { scanMessages } from '../../src/domain/scan-messages';
import { CataloguePage } from '../e2e/pages/catalogue-page';
import { LoginPage, openPage } from '../e2e/pages/login-page';
import { OrderPage } from '../e2e/pages/orders-page';
import { ScanPage } from '../e2e/pages/scan-page';
import { newContext } from '../e2e/support/browser';
import { launchBrowserWithCamera, writeBarcodeVideo } from '../e2e/support/fake-camera';
import { TABLET_LANDSCAPE } from '../e2e/support/journeys';
import { startServer } from '../e2e/support/server-process';
import { fmt, percentile } from './measure';

/**
 * `npm run bench -- scan`: scan to pack with Chromium's fake camera playing a video the
 * bench writes (a demo product's EAN-13 in view for 1 s, out of view for 1 s, looped).
 * Prints, from the camera's capture of the frame the barcode enters the view with to the
 * line's packed quantity changing on screen, p50/p95 over 50 scans; and the bytes the scanner adds to the
 * ASN screen's first load (none: it loads when Scan is pressed) and what Scan then loads, as
 * held by the browser and as sent over the network; and what 'Print labels' loads on demand
 * (the label module with pdf-lib), which the first load must not hold either.
 */
const SCANS = 50;
const SELLER = 'SUPACMESCI01';

interface Line {
  number: number;
  supplierProductCode: string;
  quantity: number;
  uom: string;
  freeText: boolean;
}

async function json<T>(page: Page, path: string): Promise<T> {
  return (await (await page.request.get(path)).json()) as T;
}

/**
 * The open order line with the most whole units left to ship (its order quantity less what the
 * order's ASNs already ship, as the ASN form counts) whose product has an EAN-13 in the line's
 * UOM: scanning beyond what is left asks before counting, which would stop the bench.
 */
async function biggestLine(page: Page) {
  let best: { orderId: number; line: Line; barcode: string; left: number } | null = null;
  for (const o of await json<Array<{ id: number; orderNo: string; state: string }>>(page, `/api/seller/${SELLER}/order?limit=100`)) {
    if (o.state !== 'New' && o.state !== 'Acknowledged') continue;
    const order = await json<{ lines: Line[] }>(page, `/api/seller/${SELLER}/order/${o.id}`);
    const asns = await json<Array<{ orderId: number; lines: Array<{ number: number; quantity: number }> }>>(page, `/api/seller/${SELLER}/asn?limit=100&orderNumber=${encodeURIComponent(o.orderNo)}`);
    const left = remainingQuantities(order.lines, asns.filter((a) => a.orderId === o.id));
    for (const line of order.lines.filter((l) => !l.freeText && (!best || (left.get(l.number) ?? 0) > best.left))) {
      const product = await json<{ product?: { barcodes: Array<{ uom: string; code: string }> } }>(page, `/api/seller/${SELLER}/product/${encodeURIComponent(line.supplierProductCode)}`);
      const barcode = product.product?.barcodes.find((b) => b.uom === line.uom && /^\d{13}$/.test(b.code))?.code;
      if (barcode) best = { orderId: o.id, line, barcode, left: left.get(line.number) ?? 0 };
    }
  }
  if (!best) throw new Error('No demo order line with a product barcode');
  return best;
}

/**
 * The bytes the server sends for a file to a browser that accepts brotli: what the service
 * worker's precache (or a first visit) transfers. Resource timing cannot say it once the
 * service worker answers from its cache, where files are held decoded.
 */
function sentBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const scriptBytes = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.(js|wasm)$/.test(new URL(e.name).pathname))
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize || e.transferSize })),
  );

/**
 * The built chunks 'Print labels' imports (the label module, pdf-lib, bwip-js), found by
 * following the static imports of its chunk in dist/assets: what the press loads when
 * none of them is held yet.
 */
function labelChunks(): string[] {
  const dir = resolve('dist/assets');
  const entry = readdirSync(dir).find((f) => /^package-labels-[\w-]+\.js$/.test(f));
  if (!entry) throw new Error('No package-labels chunk in dist/assets: run npm run build first');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(m[1]!);
  };
  visit(entry);
  return [...files].map((f) => `/assets/${f}`);
}

/**
 * In the page, while the scan view is open: the time each frame showing the label enters the view
 * after an empty one (its mean brightness jumps: the white label), and the time the line's packed
 * figure changes on screen; up to `most` counts, and no more than the line has left to ship.
 * Each count's latency is from the last entry before it; a count whose entry came before the
 * measuring started is not a figure (Infinity, left out).
 */
async function measureScans(page: Page, lineNumber: number, most: number) {
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  return page.evaluate(
    async ({ lineNumber, most }) => {
      const video = document.querySelector('video') as HTMLVideoElement & {
        requestVideoFrameCallback(cb: (now: number, frame: { captureTime?: number; presentationTime: number }) => void): number;
      };
      const canvas = new OffscreenCanvas(32, 18);
      const g = canvas.getContext('2d', { willReadFrequently: true })!;
      const entered: number[] = [];
      const counted: number[] = [];
      let shown = false;
      let presentationTimed = false;
      let measuring = true;
      // The camera's capture time of the frame (the presentation time where a browser gives none): the
      // callback itself may run after the reader has already read that frame from the video element.
      const onFrame = (_now: number, frame: { captureTime?: number; presentationTime: number }) => {
        if (!measuring) return;
        const at = frame.captureTime ?? frame.presentationTime;
        if (frame.captureTime === undefined) presentationTimed = true;
        g.drawImage(video, 0, 0, 32, 18);
        const data = g.getImageData(0, 0, 32, 18).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += data[i]!;
        // The empty bench is a flat grey of 90 (fake-camera.ts); the label lifts the mean.
        const bright = sum / (data.length / 4) > 93;
        if (bright && !shown) entered.push(at);
        shown = bright;
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      const list = document.querySelector('[aria-label="Packed lines"]')!;
      // "2.00 / 30.00 EA": packed, then left to ship.
      const figureText = () => [...list.querySelectorAll('li')].find((li) => li.firstElementChild?.textContent === String(lineNumber))?.querySelector('strong')?.textContent ?? '';
      let last = figureText();
      const [packed = 0, left = 0] = (last.match(/[\d.]+/g) ?? []).map(Number);
      const target = Math.min(most, Math.floor(left - packed));
      await new Promise<void>((resolve) => {
        if (target <= 0) return resolve();
        // A slow machine may miss passes: whatever was counted in three minutes is reported.
        setTimeout(resolve, 180_000);
        const observer = new MutationObserver(() => {
          const now = figureText();
          if (now === last) return;
          last = now;
          counted.push(performance.now());
          if (counted.length < target) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(list, { subtree: true, childList: true, characterData: true });
      });
      // The frame callback of the last count's entry may still be due: it can run after the reader has read that frame.
      await new Promise((resolve) => setTimeout(resolve, 500));
      measuring = false;
      return { latencies: counted.map((t) => t - Math.max(...entered.filter((e) => e <= t))), presentationTimed };
    },
    { lineNumber, most },
  );
}

export async function scanBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-scan-bench-'));
  const videoFile = join(dir, 'camera.y4m');
  const [browser, server] = await Promise.all([launchBrowserWithCamera(videoFile), startServer()]);
  try {
    const context = await newContext(browser, server.url, TABLET_LANDSCAPE);
    const page = await openPage(context);
    const login = new LoginPage(page);
    await login.goto('/app/catalogue');
    await login.signIn('supplier@acme.demo.test', DEMO_PASSWORD);
    await new CataloguePage(page).waitForMirror();
    const { orderId, line, barcode, left } = await biggestLine(page);
    writeBarcodeVideo(videoFile, { bcid: 'ean13', text: barcode, framesShown: 10, framesEmpty: 10 });

    const view = new OrderPage(page);
    await view.goto(SELLER, String(orderId));
    await view.openAsns();
    await view.addAsnButton.click();
    await view.carrierName.waitFor({ state: 'visible' });
    const before = await scriptBytes(page);
    await view.asnForm.getByRole('button', { name: scanMessages.scan, exact: true }).click();
    const scan = new ScanPage(page);
    await scan.cameraNote.waitFor({ state: 'visible' });
    const after = await scriptBytes(page);
    const seen = new Set(before.map((b) => b.name));
    const added = after.filter((a) => !seen.has(a.name));
    const scanner = before.filter((b) => /pack-scan-dialog|zxing_reader|package-labels|pdf-lib/.test(b.name));

    // A line counts up to what is left to ship (beyond it the view asks first): when it is full, the
    // scan is cancelled, which puts the counts back to zero, and started again until SCANS are counted.
    const latencies: number[] = [];
    let presentationTimed = false;
    for (;;) {
      const pass = await measureScans(page, line.number, SCANS - latencies.length);
      latencies.push(...pass.latencies);
      presentationTimed ||= pass.presentationTimed;
      if (latencies.length >= SCANS || pass.latencies.length === 0) break;
      await scan.cancelButton.click();
      await scan.dialog.waitFor({ state: 'hidden' });
      await view.asnForm.getByRole('button', { name: scanMessages.scan, exact: true }).click();
      await scan.cameraNote.waitFor({ state: 'visible' });
    }
    const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
    console.log(`Scan to pack (Chromium ${browser.version()} headless, fake camera 640x360 at 10 fps, zxing-wasm reader, line ${line.number} with ${left} left to ship):`);
    console.log(
      `- barcode in view (the frame's ${presentationTimed ? 'presentation' : 'capture'} time) -> line quantity changed, ${sorted.length} scans: ` +
        `p50 ${fmt(percentile(sorted, 50), 0)} ms, p95 ${fmt(percentile(sorted, 95), 0)} ms, max ${fmt(sorted.at(-1) ?? NaN, 0)} ms`,
    );
    console.log(`- the ASN screen's first load: ${scanner.length === 0 ? '0 bytes of scanner code' : `scanner files loaded early: ${scanner.map((s) => s.name).join(', ')}`}`);
    const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
    const sent = await Promise.all(added.map((a) => sentBytes(`${server.url}${a.name}`)));
    const total = (bytes: number[]) => kib(bytes.reduce((s, b) => s + b, 0));
    console.log(
      `- pressing Scan loads ${total(added.map((a) => a.bytes))} (${total(sent)} over the network, compressed): ` +
        added.map((a, i) => `${a.name.replace(/^\/assets\//, '')} ${kib(a.bytes)} (${kib(sent[i]!)})`).join(', '),
    );
    // Its chunks import shared ones the app already loaded: what the press adds is the rest.
    const labels = labelChunks();
    const fresh = labels.filter((l) => !seen.has(l));
    const freshSent = await Promise.all(fresh.map((l) => sentBytes(`${server.url}${l}`)));
    const freshRaw = fresh.map((l) => readFileSync(resolve(`dist${l}`)).length);
    console.log(
      `- 'Print labels' loads on demand ${total(freshRaw)} (${total(freshSent)} compressed): ` +
        fresh.map((l, i) => `${l.replace(/^\/assets\//, '')} ${kib(freshRaw[i]!)} (${kib(freshSent[i]!)})`).join(', ') +
        `; ${labels.length - fresh.length} shared chunks it imports were already loaded`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}
