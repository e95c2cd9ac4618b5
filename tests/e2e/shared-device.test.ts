import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/orgs';
import type { InvoiceItem } from '../../src/domain/schemas/invoices';
import { InvoicePage } from './pages/invoices-page';
import { LoginPage, openPage, waitUntil } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { SyncStatusBar } from './pages/sync-status-page';
import { newContext, waitForServiceWorkerControl } from './support/browser';
import { setUpJourneys } from './support/journeys';

const BUYER_ID = 'UNIWESTMERE1';
const journeys = setUpJourneys();

/** Issue 33's shared tablet: nothing the buyer saw may be served to the supplier who signs in after them. */
describe('a shared device', () => {
  it('a buyer opens an invoice PDF and signs out; the supplier signing in next cannot open that PDF', async () => {
    const context = await newContext(journeys.browser, journeys.baseUrl);
    try {
      const page = await openPage(context);
      const login = new LoginPage(page);
      const shell = new ShellPage(page);
      await login.goto('/app/invoices');
      await login.signIn('buyer@uni.demo.test', DEMO_PASSWORD);
      await shell.waitUntilShown();
      await waitForServiceWorkerControl(page);

      const invoices = (await (await page.request.get(`/api/buyer/${BUYER_ID}/invoice?limit=20`)).json()) as InvoiceItem[];
      const invoice = invoices.find((i) => i.message.pdfUrl && i.document)!;
      const pdfUrl = invoice.message.pdfUrl!;
      // The buyer opens the invoice (its PDF drawn from the service worker's fetch) and the PDF's own URL.
      const view = new InvoicePage(page);
      await view.goto(BUYER_ID, invoice.oiid);
      await view.waitForPdfDrawn(1, 1);
      const opened = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type') };
      }, pdfUrl);
      expect(opened).toEqual({ status: 200, type: 'application/pdf' });
      await new SyncStatusBar(page).waitUntilOnlineAndSynced();

      await shell.logout();
      await login.waitUntilShown();
      await waitUntil(
        async () => (await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('portal-user-')))).length === 0,
        'the buyer’s offline files to be deleted',
      );

      await login.signIn('supplier@acme.demo.test', DEMO_PASSWORD);
      await shell.waitUntilShown();
      // Asked from the app's page (through the service worker) and typed into the address bar: the server answers, 403.
      const fetched = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type') };
      }, pdfUrl);
      expect(fetched.status).toBe(403);
      expect(fetched.type).not.toBe('application/pdf');
      const navigated = await page.goto(pdfUrl);
      expect(navigated?.status()).toBe(403);
      expect(await navigated?.headerValue('content-type')).not.toBe('application/pdf');
    } finally {
      await context.close();
    }
  });
});
