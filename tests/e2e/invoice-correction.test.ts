import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { matchingMessages } from '../../src/domain/matching-messages';
import { formatMessage } from '../../src/domain/messages';
import { outcomeLabel } from '../../src/domain/rules/match-changes';
import type { InvoiceHistoryEntry, InvoiceItem } from '../../src/domain/schemas/invoices';
import type { OrderSummary } from '../../src/domain/schemas/orders';
import { InvoiceCorrectionPage } from './pages/invoice-correction-page';
import { InvoicePage } from './pages/invoices-page';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { checkLayout } from './support/layout-check';
import { SCREENS, TABLET_PORTRAIT, setUpJourneys } from './support/journeys';

const BUYER = 'UNIWESTMERE1';
// Corrections change the demo data: this file has a server of its own.
const journeys = setUpJourneys({ ownServer: true });

const invoicesOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice?limit=100`)).json()) as InvoiceItem[];
const invoiceOf = async (page: Page, oiid: number) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice/${oiid}`)).json()) as InvoiceItem;
const ordersOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/order?offset=0&limit=100`)).json()) as OrderSummary[];
const PO_NOT_FOUND = /^PO (\S+) not found$/;

describe('invoice correction', () => {
  it('a buyer on a portrait tablet corrects a misread PO number and the exception goes away', async () => {
    const page = await journeys.signedIn('buyer@uni.demo.test', '/app/invoices', TABLET_PORTRAIT);
    const orders = await ordersOf(page);
    const invoices = await invoicesOf(page);
    // A demo invoice quoting a PO number the buyer has no order for, from a supplier it has orders with.
    const invoice = invoices.find(
      (i) => !i.exported && i.document?.validationErrors.header.some((e) => PO_NOT_FOUND.test(e.error)) && orders.some((o) => o.sellerName === i.supplierName),
    );
    expect(invoice, 'a demo invoice whose PO number is not found').toBeDefined();
    const wrongPo = invoice!.document!.referenceId!;
    const order = orders.find((o) => o.sellerName === invoice!.supplierName)!;
    const poError = matchingMessages.poNotFound(wrongPo);

    const view = new InvoicePage(page);
    await view.goto(BUYER, invoice!.oiid);
    await view.validationButton.click();
    await view.drawer.getByText(poError, { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.closeDrawer();

    const correction = new InvoiceCorrectionPage(page);
    await correction.open();
    expect(await correction.poNumber.inputValue()).toBe(wrongPo);
    // The form's own rules: a blank PO number is refused in the form, nothing is sent.
    await correction.poNumber.fill('');
    await waitUntil(async () => (await correction.errorOf(correction.poNumber)) === 'PO Number is required', 'the required error under PO Number');
    await correction.save.click();
    expect(await correction.drawer.isVisible()).toBe(true);

    await correction.poNumber.fill(order.orderNo);
    await correction.save.click();
    await correction.waitUntilCorrected();

    // The server matched it again in the same transaction: the answer is on screen.
    const corrected = await invoiceOf(page, invoice!.oiid);
    expect(corrected.document!.referenceId).toBe(order.orderNo);
    expect(corrected.document!.validationErrors.header.map((e) => e.error)).not.toContain(poError);
    await waitUntil(async () => (await view.matchingOutcome.textContent()) === outcomeLabel(corrected.matching!), 'the new matching outcome shown');
    const orderLink = page.getByLabel('Invoice', { exact: true }).getByRole('link', { name: order.orderNo });
    await orderLink.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    if (corrected.matching!.exceptions > 0) {
      await view.validationButton.click();
      await view.drawer.getByRole('heading', { name: 'Header' }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      expect(await view.drawer.getByText(poError, { exact: true }).count()).toBe(0);
      await view.closeDrawer();
    } else {
      expect(await view.validationButton.count()).toBe(0);
    }

    // History: the drawer's action names the field corrected and by whom; the entry says from what to what.
    const history = await view.openDrawer(view.historyButton, 'Invoice History');
    await history.getByRole('cell', { name: 'PO Number corrected', exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await history.getByRole('cell', { name: 'Matched (Invoice corrected)', exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.closeDrawer();
    const entries = (await (await page.request.get(`/api/buyer/${BUYER}/invoice/${invoice!.oiid}/history`)).json()) as InvoiceHistoryEntry[];
    expect(entries.find((e) => e.type === 'CORRECTED')).toMatchObject({ description: `PO Number corrected from ${wrongPo} to ${order.orderNo} by Beatrice Buyer`, user: 'Beatrice Buyer' });
    expect(entries.find((e) => e.action === 'Matched (Invoice corrected)')?.description).toMatch(/1 header exception resolved/);

    // The extracted value is kept and shown beside the corrected field.
    await correction.open();
    await correction.drawer.getByText(matchingMessages.extractedValue(wrongPo), { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await view.closeDrawer();

    // Once exported it cannot be corrected any more, and says why.
    const exporting = await page.request.post(`/api/buyer/${BUYER}/invoice/${invoice!.oiid}/actions/export`, {
      data: { confirmExceptions: true },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(exporting.status()).toBe(202);
    await waitUntil(async () => (await invoiceOf(page, invoice!.oiid)).exported, 'the export is delivered');
    await view.goto(BUYER, invoice!.oiid);
    await waitUntil(() => correction.correctButton.isDisabled(), 'the correct button disabled on the exported invoice');
    await page.getByText(matchingMessages.correctExported, { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  });

  it('support, acting as the buyer, re-runs the extraction of an invoice whose document could not be read', async () => {
    const page = await journeys.signedIn('support@demo.test', '/app/invoices', TABLET_PORTRAIT);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [
      STORAGE_KEYS.renderFor,
      JSON.stringify({ orgType: 'UNIVERSITY', orgId: BUYER, companyName: 'Westmere University' }),
    ]);
    // The demo seed mails a broken PDF: the invoice exists, with its attachment stored, and no document.
    const invoice = (await invoicesOf(page)).find((i) => !i.exported && i.document === null && i.message.pdfUrl);
    expect(invoice, 'a demo invoice whose stored PDF could not be read').toBeDefined();
    const view = new InvoicePage(page);
    await view.goto(BUYER, invoice!.oiid);
    const button = page.getByRole('button', { name: 'Re-run extraction', exact: true });
    await button.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await button.click();
    // The job is followed to its end, then its outcome is said.
    await page.getByRole('status').getByText(formatMessage.reExtracted(null), { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await waitUntil(() => button.isEnabled(), 'the button enabled again once the job ended');
    const history = await view.openDrawer(view.historyButton, 'Invoice History');
    await history.getByRole('cell', { name: 'Extraction re-run', exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  });

  for (const screen of SCREENS) {
    it(`the correction drawer fits at ${screen.name}`, async () => {
      const page = await journeys.signedIn('buyer@uni.demo.test', '/app/invoices', screen);
      const invoice = (await invoicesOf(page)).find((i) => !i.exported && (i.document?.lineItems.length ?? 0) > 1)!;
      const view = new InvoicePage(page);
      await view.goto(BUYER, invoice.oiid);
      const correction = new InvoiceCorrectionPage(page);
      await correction.open();
      await correction.lineField(1, 'Quantity').waitFor({ state: 'visible', timeout: UI_WAIT_MS });
      await checkLayout(page, `invoice correction drawer, ${screen.name}`);
    });
  }
});
