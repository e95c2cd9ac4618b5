import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOSTILE_EMAIL_HOST, HOSTILE_EMAIL_SUBJECT } from '../../server/db/demo/seed-invoices';
import { messages } from '../../src/domain/messages';
import type { InvoiceHistoryEntry, InvoiceItem } from '../../src/domain/schemas/invoices';
import { InvoicePage, InvoicesPage, isCachedOffline, prefetchOutcome, recordPrefetch } from './pages/invoices-page';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { waitForServiceWorkerControl, type ContextOptions } from './support/browser';
import { DESKTOP, setUpJourneys } from './support/journeys';

const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys({ ownServer: true });
const signedIn = (screen: ContextOptions = DESKTOP) => journeys.signedIn('buyer@uni.demo.test', '/app/invoices', screen);

const invoicesOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice?limit=100`)).json()) as InvoiceItem[];
const historyOf = async (page: Page, oiid: number) =>
  (await (await page.request.get(`/api/buyer/${BUYER}/invoice/${oiid}/history`)).json()) as InvoiceHistoryEntry[];

describe('invoices of the demo buyer', () => {
  it('filters (the choice survives a reload), opens an unread invoice once, pages and zooms its PDF, shows errors, history and the email without running its script, and exports', async () => {
    const page = await signedIn();
    const list = new InvoicesPage(page);
    await list.waitForRows();

    await list.filter('Pending').click();
    await waitUntil(async () => list.filter('Pending').isDisabled(), 'Pending becomes the active filter');
    await page.reload();
    await list.waitForRows();
    expect(await list.filter('Pending').isDisabled()).toBe(true);
    expect(await list.filter('All').isDisabled()).toBe(false);
    // The rows' cells fill in as the mirrored page lands: read them once they have.
    const statusesOf = () => list.rows.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('[role="cell"]')[1]?.textContent ?? ''));
    await waitUntil(async () => (await statusesOf()).every((s) => s !== ''), 'the rows to show their status');
    const statuses = await statusesOf();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Pending']));

    const hostile = (await invoicesOf(page)).find((i) => i.message.subject === HOSTILE_EMAIL_SUBJECT)!;
    expect(hostile.read).toBe(false);
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(HOSTILE_EMAIL_HOST)) remoteRequests.push(request.url());
    });

    // The unread row is bold; opening it marks it read on the server, once.
    const row = list.row(hostile.document!.documentId!);
    expect(await row.evaluate((r) => Number(getComputedStyle(r).fontWeight))).toBeGreaterThanOrEqual(600);
    await row.click();
    const view = new InvoicePage(page);
    await view.waitUntilShown();
    await waitUntil(async () => (await historyOf(page, hostile.oiid)).some((e) => e.type === 'READ'), 'the read mark reaches the server');
    await page.reload();
    await view.waitUntilShown();

    // The PDF: two pages, selectable text, next and previous, zoom in steps of 0.2.
    await view.waitForPdfDrawn(1, 1);
    expect(await view.pageCount.textContent()).toBe('Page 1 of 2');
    expect(await view.pdfText()).toContain(hostile.document!.documentId!);
    expect(await view.previousPage.isDisabled()).toBe(true);
    await view.nextPage.click();
    await view.waitForPdfDrawn(2, 1);
    expect(await view.pageCount.textContent()).toBe('Page 2 of 2');
    expect(await view.nextPage.isDisabled()).toBe(true);
    const width = async () => (await view.pdfPage.boundingBox())!.width;
    const before = await width();
    await view.zoomIn.click();
    await view.waitForPdfDrawn(2, 1.2);
    expect(await view.zoom.textContent()).toBe('120%');
    expect((await width()) / before).toBeCloseTo(1.2, 1);
    await view.zoomOut.click();
    await view.zoomOut.click();
    await view.waitForPdfDrawn(2, 0.8);
    expect(await view.zoom.textContent()).toBe('80%');
    await view.previousPage.click();
    await view.waitForPdfDrawn(1, 0.8);

    // Validation errors, in their sections.
    const errors = await view.openDrawer(view.validationButton, messages.validationErrorsDetected);
    expect(await errors.getByRole('heading').allTextContents()).toEqual(expect.arrayContaining(['General', 'Header', 'Line']));
    expect(await errors.textContent()).toContain(hostile.document!.validationErrors.general[0]!.error);
    await view.closeDrawer();

    // The email: shown sanitised in a sandboxed frame; its script never runs, its tracker is never asked.
    const email = await view.openDrawer(view.emailButton, 'Original Email');
    expect(await email.textContent()).toContain(HOSTILE_EMAIL_SUBJECT);
    const frame = view.emailFrame;
    expect(await frame.getAttribute('sandbox')).toBe('');
    const inner = page.frameLocator('iframe[title="Email body"]');
    await inner.getByText('Kind regards').waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await inner.locator('script, [onerror], a[href]').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.body.dataset.emailScript)).toBeUndefined();
    expect(remoteRequests).toEqual([]);
    await view.closeDrawer();

    // History: the one read mark, by the buyer.
    const history = await view.openDrawer(view.historyButton, 'Invoice History');
    await history.getByRole('cell', { name: 'Read', exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await history.getByRole('cell', { name: 'Read', exact: true }).count()).toBe(1);
    await view.closeDrawer();
    expect((await historyOf(page, hostile.oiid)).filter((e) => e.type === 'READ')).toHaveLength(1);

    // Export (it has a validation error, so after confirming): the spec's message, the Exported chip, and the server agrees.
    await view.exportConfirmingExceptions();
    await page.getByText(messages.invoiceExported).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.getByText('Exported', { exact: true }).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect((await invoicesOf(page)).find((i) => i.oiid === hostile.oiid)).toMatchObject({ exported: true, veStatus: 'Exported' });
  });

  it('shows the fallbacks and the extraction error of an invoice without a document, and No Data! for an unknown one', async () => {
    const page = await signedIn();
    const list = new InvoicesPage(page);
    await list.waitForRows();
    const bare = (await invoicesOf(page)).find((i) => i.document === null)!;
    expect(bare).toBeDefined();

    const view = new InvoicePage(page);
    await view.goto(BUYER, bare.oiid);
    expect(await view.invoiceHeading.textContent()).toContain(messages.documentWithExtractionProblems);
    expect(await view.invoiceHeading.textContent()).toContain(messages.noNumberDetected);
    expect(await page.getByText(bare.message.senderEmail).count()).toBeGreaterThan(0);
    const drawer = await view.openDrawer(view.extractionButton, messages.extractionError);
    expect(await drawer.textContent()).toContain(messages.documentExtractionError);
    await view.closeDrawer();

    // Show List: the list in a bottom drawer, holding the same fallback texts.
    const listDrawer = await view.openDrawer(view.listButton, 'Invoices');
    await listDrawer.getByRole('row').filter({ hasText: bare.message.subject }).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.closeDrawer();

    await page.goto(`/app/invoices/${BUYER}/987654321`);
    await view.noData.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  });

  it('offline, reopens an invoice seen before and one only listed, with their lines and PDFs; Export says why it is disabled', async () => {
    const page = await signedIn();
    await waitForServiceWorkerControl(page);
    await recordPrefetch(page);
    const list = new InvoicesPage(page);
    await list.goto();
    expect(await prefetchOutcome(page)).toMatchObject({ stopped: 'done' });
    const pending = (await invoicesOf(page)).filter((i) => !i.exported && i.message.pdfUrl && i.document);
    const [seen, listed] = [pending[0]!, pending[1]!];

    const view = new InvoicePage(page);
    await view.goto(BUYER, seen.oiid);
    await view.waitForPdfDrawn();
    // The list's background prefetch keeps the newest pending PDFs offline, the unopened one included.
    await waitUntil(() => isCachedOffline(page, listed.message.pdfUrl!), 'the listed invoice PDF is prefetched', 180_000);

    await page.context().setOffline(true);
    await page.reload();
    await view.waitUntilShown();
    await view.waitForPdfDrawn();
    expect(await view.lines.count()).toBe(seen.document!.lineItems.length);
    expect(await view.exportButton.isDisabled()).toBe(true);
    expect(await page.getByText('Export needs a connection to the server.').isVisible()).toBe(true);

    await page.goto(`/app/invoices/${BUYER}/${listed.oiid}`);
    await view.waitUntilShown();
    await view.waitForPdfDrawn();
    expect(await view.lines.count()).toBe(listed.document!.lineItems.length);
    expect(await view.pdfText()).toContain(listed.document!.documentId!);
  });
});
