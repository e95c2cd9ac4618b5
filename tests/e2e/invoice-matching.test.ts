import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { matchingMessages } from '../../src/domain/matching-messages';
import { messages } from '../../src/domain/messages';
import { DEFAULT_MATCHING_SETTINGS } from '../../src/domain/schemas/invoice-matching';
import type { InvoiceHistoryEntry, InvoiceItem } from '../../src/domain/schemas/invoices';
import { InvoicePage } from './pages/invoices-page';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { setUpJourneys } from './support/journeys';

const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys({ ownServer: true });

const invoicesOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice?limit=100`)).json()) as InvoiceItem[];
const historyOf = async (page: Page, oiid: number) =>
  (await (await page.request.get(`/api/buyer/${BUYER}/invoice/${oiid}/history`)).json()) as InvoiceHistoryEntry[];

describe('invoice matching', () => {
  it('a buyer opens an invoice with a line exception, reads which line and why, and exports it after confirming', async () => {
    const page = await journeys.signedIn('buyer@uni.demo.test', '/app/invoices');

    // Until the intake brings the demo invoices in, the test has them matched by the server itself:
    // strict 2-way settings make the job match every invoice of the buyer against its order.
    const saved = await page.request.post(`/api/buyer/${BUYER}/invoice-matching`, {
      data: { ...DEFAULT_MATCHING_SETTINGS, mode: '2-way', quantityUnits: 0, quantityPercent: 0 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(saved.status()).toBe(200);
    const { jobId } = (await saved.json()) as { jobId: number };
    await waitUntil(
      async () => ((await (await page.request.get(`/api/org/${BUYER}/job/${jobId}`)).json()) as { state: string }).state === 'done',
      'the re-matching job is done',
    );
    const withLineException = (await invoicesOf(page)).find(
      (i) => !i.exported && i.matching?.status === 'Exceptions' && (i.document?.validationErrors.line.length ?? 0) > 0,
    );
    expect(withLineException, 'a demo invoice with a line exception').toBeDefined();
    const invoice = withLineException!;
    const lineError = invoice.document!.validationErrors.line[0]!.error;
    expect(lineError).toMatch(/^Line \d+ \(/);

    const view = new InvoicePage(page);
    await page.goto(`/app/invoices/${BUYER}/${invoice.oiid}`);
    await view.waitUntilShown();
    // The outcome beside Invoice Status, then the drawer names the line and why.
    await view.matchingOutcome.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await view.matchingOutcome.textContent()).toBe(`Exceptions (${invoice.matching!.exceptions})`);
    await view.validationButton.click();
    await view.drawer.getByText(lineError, { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.keyboard.press('Escape');

    // Export asks first; cancelling sends nothing.
    await view.exportButton.click();
    await view.confirmDialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    expect(await view.confirmDialog.textContent()).toContain(matchingMessages.exportConfirmTitle);
    await view.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await historyOf(page, invoice.oiid)).some((e) => e.type === 'EXPORTED')).toBe(false);

    await view.exportConfirmingExceptions();
    await page.getByText(messages.invoiceExported).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    const exported = (await historyOf(page, invoice.oiid)).find((e) => e.type === 'EXPORTED');
    expect(exported?.description).toContain(matchingMessages.exportedWithExceptions(invoice.matching!.exceptions).trim());
  });
});
