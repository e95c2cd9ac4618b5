/**
 * The invoice screens as a buyer uses them, in the built app with its service worker
 * (unlike the in-page suites, which block it): the time from opening an invoice seen
 * before to its first PDF page drawn, online and offline, and the background prefetch
 * of the pending invoices' PDFs. Printed, never asserted.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo';
import type { PrefetchOutcome } from '../../src/local/offline-files/prefetch-invoice-pdfs';
import { InvoicesPage, prefetchOutcome, recordPrefetch } from '../e2e/pages/invoices-page';
import { LoginPage, openPage } from '../e2e/pages/login-page';
import { waitForServiceWorkerControl } from '../e2e/support/browser';
import { fmt, percentile } from './measure';

const BUYER = 'buyer@uni.demo.test';
const RUNS = 7;

/** From a click on the list row to the first page of its PDF drawn, measured inside the page. */
async function openToFirstPage(page: Page, rowText: string): Promise<number> {
  const list = new InvoicesPage(page);
  await list.goto();
  return page.evaluate(async (text) => {
    const row = [...document.querySelectorAll('[role="row"]')].find((r) => r.textContent?.includes(text)) as HTMLElement;
    const start = performance.now();
    row.click();
    for (;;) {
      if (document.querySelector('[data-testid="pdf-page"][data-drawn="1@1"]')) return performance.now() - start;
      await new Promise(requestAnimationFrame);
    }
  }, rowText);
}

async function signIn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await openPage(context);
  await recordPrefetch(page);
  await new LoginPage(page).goto('/app/invoices');
  await new LoginPage(page).signIn(BUYER, DEMO_PASSWORD);
  await waitForServiceWorkerControl(page);
  return page;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${fmt(percentile(sorted, 50), 0)} ms, worst ${fmt(sorted[sorted.length - 1]!, 0)} ms over ${sorted.length}`;
};

const prefetchLine = (label: string, o: PrefetchOutcome) =>
  `${label}: ${o.fetched} PDFs fetched (${o.alreadyHeld} already held, of ${o.candidates} pending), ${fmt(o.bytes / 1024, 0)} KB in ${fmt(o.ms, 0)} ms; ended: ${o.stopped}`;

export async function benchInvoices(browser: Browser, baseURL: string): Promise<string[]> {
  const lines: string[] = [];

  // A first buyer's browser: the server renders each demo PDF on its first download.
  const first = await signIn(browser, baseURL);
  await new InvoicesPage(first).goto();
  lines.push(prefetchLine('prefetch of the pending invoices\' PDFs, server rendering them first', await prefetchOutcome(first, 300_000)));
  await first.context().close();

  // A second browser: the same prefetch against PDFs the server already holds.
  const page = await signIn(browser, baseURL);
  await new InvoicesPage(page).goto();
  lines.push(prefetchLine('prefetch of the pending invoices\' PDFs, fresh browser', await prefetchOutcome(page, 300_000)));

  const invoice = (await (await page.request.get('/api/buyer/UNIWESTMERE1/invoice?limit=20')).json()) as Array<{
    document: { documentId: string } | null;
    message: { pdfUrl: string | null };
  }>;
  const seen = invoice.find((i) => i.document && i.message.pdfUrl)!.document!.documentId;
  await openToFirstPage(page, seen); // seen once: its rows and PDF are now held

  const online: number[] = [];
  for (let i = 0; i < RUNS; i++) online.push(await openToFirstPage(page, seen));
  lines.push(`open an invoice seen before -> first PDF page drawn, online: ${summary(online)} (aim < 500 ms)`);

  await page.context().setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i++) offline.push(await openToFirstPage(page, seen));
  lines.push(`open an invoice seen before -> first PDF page drawn, offline: ${summary(offline)} (aim < 500 ms)`);
  await page.context().close();
  return lines;
}
