import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../server/files/invoice-pdf';
import { ciiInvoiceXml } from '../../server/db/demo/invoice-xml';
import type { InvoiceDocument, InvoiceItem } from '../../src/domain/schemas/invoices';
import { InvoicePage, InvoicesPage } from './pages/invoices-page';
import { UI_WAIT_MS, waitUntil } from './pages/login-page';
import { waitForServiceWorkerControl } from './support/browser';
import { DESKTOP, setUpJourneys } from './support/journeys';

const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys({ ownServer: true });

const DOC: InvoiceDocument = {
  documentId: 'INV-2026-E2E-501',
  dateCreated: '2026-11-20T00:00:00.000Z',
  referenceId: '4500099001',
  referenceSystemId: null,
  currency: 'AUD',
  freight: 9.95,
  additionalCharges: 0,
  subtotal: 97.8,
  discount: 0,
  totalTax: 10.78,
  totalValue: 118.53,
  comments: null,
  validationErrors: { general: [], header: [], line: [] },
  lineItems: [{ id: 1, sequence: 1, code: 'AC-PIP-1000', description: 'Pipette tips 1000 uL, graduated, racked (10 x 96)', qtyShipped: 2, uom: 'BX', unitPrice: 48.9, discount: 0, tax: 9.78, grossLineTotal: 107.58 }],
};

const invoicesOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice?limit=100`)).json()) as InvoiceItem[];

describe('an invoice mailed to the demo buyer', () => {
  it('appears in the open invoice list, opens with its PDF, and opens offline afterwards', async () => {
    const page = await journeys.signedIn('buyer@uni.demo.test', '/app/invoices', DESKTOP);
    await waitForServiceWorkerControl(page);
    const list = new InvoicesPage(page);
    await list.waitForRows();
    expect(await list.row(DOC.documentId!).count()).toBe(0);

    // A supplier's Factur-X invoice, mailed to Westmere's receiving address on the server's SMTP port.
    const party = (name: string) => ({ name, addressLines: ['ABN 51 824 753 556'], email: null });
    const pdf = await renderInvoicePdf({
      title: 'Tax Invoice',
      supplier: party('Acme Scientific'),
      supplierCode: null,
      billTo: party('University of Westmere'),
      document: DOC,
      embeddedXml: { name: 'factur-x.xml', xml: ciiInvoiceXml({ document: DOC, seller: { name: 'Acme Scientific', abn: '51 824 753 556', email: null }, buyer: { name: 'University of Westmere', abn: null, email: null } }) },
    });
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: journeys.server.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Acme Accounts <accounts@acme.demo.test>',
      to: 'invoices@uni.demo.test',
      subject: `Tax Invoice ${DOC.documentId}`,
      text: 'Please find our invoice attached.',
      attachments: [{ filename: `${DOC.documentId}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    transport.close();

    // The open list shows it, bold, without a reload: the intake job and the next sync bring it.
    const row = list.row(DOC.documentId!);
    await row.waitFor({ state: 'visible', timeout: 120_000 });
    expect(await row.evaluate((r) => Number(getComputedStyle(r).fontWeight))).toBeGreaterThanOrEqual(600);
    expect(await row.textContent()).toContain('Acme Scientific');
    const received = (await invoicesOf(page)).find((i) => i.document?.documentId === DOC.documentId)!;
    expect(received.document).toMatchObject({ totalValue: DOC.totalValue, referenceId: DOC.referenceId });

    await row.click();
    const view = new InvoicePage(page);
    await view.waitUntilShown();
    await view.waitForPdfDrawn();
    expect(await view.pdfText()).toContain(DOC.documentId!);

    await page.context().setOffline(true);
    await page.reload();
    await view.waitUntilShown();
    await view.waitForPdfDrawn();
    expect(await view.pdfText()).toContain(DOC.documentId!);
    await page.getByText('Acme Scientific').first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await page.context().setOffline(false);
    await waitUntil(async () => (await invoicesOf(page)).some((i) => i.oiid === received.oiid && i.read), 'the read mark reaches the server');
  });
});
