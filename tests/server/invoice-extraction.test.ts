import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExtractedInvoice, ExtractionOutcome } from '../../server/intake/extract/extracted-invoice';
import { extractInvoiceFile } from '../../server/intake/extract/extract-invoice-file';
import { CXML_SAMPLE_FIELDS } from './helpers/cxml-invoice-sample';

const FIXTURES = join(__dirname, '../fixtures/invoices');
const NO_ERRORS = { general: [], header: [], line: [] };

/** A fixture handed over as a mail attachment would be: under a misleading name and MIME type, so only its bytes count. */
async function extract(path: string): Promise<ExtractionOutcome> {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES, path)));
  return extractInvoiceFile({ filename: 'attachment.bin', contentType: 'application/octet-stream', bytes }, []);
}

function invoiceOf(outcome: ExtractionOutcome): ExtractedInvoice {
  if (outcome.kind !== 'invoice') throw new Error(`expected an invoice, got ${outcome.kind}: ${outcome.reason}`);
  return outcome.invoice;
}

describe('UBL 2.1 (PEPPOL BIS Billing 3.0)', () => {
  it('reads a PEPPOL BIS 3 invoice field by field', async () => {
    const outcome = await extract('ubl/peppol-bis3-invoice.xml');
    expect(outcome).toMatchObject({ kind: 'invoice', showPdf: false });
    const inv = invoiceOf(outcome);
    expect(inv.format).toBe('UBL');
    expect(inv.creditNote).toBe(false);
    expect(inv.creditedInvoiceId).toBeNull();
    expect(inv.template).toBeNull();
    expect(inv.document).toEqual({
      documentId: '12345',
      dateCreated: '2019-01-25T00:00:00.000Z',
      referenceId: 'n/a',
      referenceSystemId: null,
      currency: 'DKK',
      freight: 0,
      additionalCharges: 0,
      subtotal: 625743.54,
      discount: 0,
      totalTax: 156435.89,
      totalValue: 782179.43,
      comments: 'text',
      validationErrors: NO_ERRORS,
      lineItems: [
        { id: 1, sequence: 1, code: '12345', description: 'text', qtyShipped: 1, uom: 'KWH', unitPrice: 625743.54, discount: 0, tax: 156435.89, grossLineTotal: 782179.43 },
      ],
    });
    expect(inv.seller).toEqual({ name: 'Company A', ids: [{ scheme: '0184', value: 'DK12345678' }, { scheme: 'VAT', value: 'DK12345678' }], email: null });
    expect(inv.buyer).toEqual({ name: 'Company B', ids: [{ scheme: '0184', value: 'DK87654321' }, { scheme: 'VAT', value: 'DK87654321' }], email: null });
  });

  it('splits document charges into freight and additional charges, keeps allowances as the discount, and rounds line tax to cents', async () => {
    const inv = invoiceOf(await extract('ubl/en16931-invoice-allowances.xml'));
    expect(inv.document).toEqual({
      documentId: 'TOSL108',
      dateCreated: '2013-06-30T00:00:00.000Z',
      referenceId: '123',
      referenceSystemId: null,
      currency: 'NOK',
      freight: 100,
      additionalCharges: 0,
      subtotal: 1436.5,
      discount: 100,
      totalTax: 365.28,
      totalValue: 1801.78,
      comments: 'Ordered in our booth at the convention',
      validationErrors: NO_ERRORS,
      lineItems: [
        { id: 1, sequence: 1, code: 'JB007', description: 'Laptop computer', qtyShipped: 2, uom: 'EA', unitPrice: 1273, discount: 12, tax: 318.25, grossLineTotal: 1591.25 },
        { id: 2, sequence: 2, code: 'JB008', description: 'Returned "Advanced computing" book', qtyShipped: -1, uom: 'EA', unitPrice: 3.96, discount: 0, tax: -0.59, grossLineTotal: -4.55 },
        { id: 3, sequence: 3, code: 'JB009', description: '"Computing for dummies" book', qtyShipped: 2, uom: 'EA', unitPrice: 2.48, discount: 0, tax: 0.74, grossLineTotal: 5.7 },
        { id: 4, sequence: 4, code: 'JB010', description: 'Returned IBM 5150 desktop', qtyShipped: -1, uom: 'EA', unitPrice: 25, discount: 0, tax: 0, grossLineTotal: -25 },
        { id: 5, sequence: 5, code: 'JB011', description: 'Network cable', qtyShipped: 250, uom: 'MTR', unitPrice: 0.75, discount: 0, tax: 46.88, grossLineTotal: 234.38 },
      ],
    });
    expect(inv.seller).toEqual({
      name: 'Salescompany ltd.',
      ids: [
        { scheme: '0088', value: '1238764941386' },
        { scheme: 'VAT', value: 'NO123456789MVA' },
        { scheme: 'CompanyID', value: '123456789' },
      ],
      email: 'antonio@salescompany.no',
    });
  });

  it('reads a CreditNote as a credit note with its CreditedQuantity lines', async () => {
    const inv = invoiceOf(await extract('ubl/en16931-creditnote.xml'));
    expect(inv.creditNote).toBe(true);
    expect(inv.document).toMatchObject({ documentId: '018304 / 28865', dateCreated: '2019-09-23T00:00:00.000Z', currency: 'EUR', subtotal: 100.11, totalTax: 0, totalValue: 100.11 });
    expect(inv.document.lineItems).toEqual([
      { id: 1, sequence: 1, code: 'V55', description: 'Exonération du versement du PP', qtyShipped: 1, uom: 'C62', unitPrice: 100.11, discount: 0, tax: 0, grossLineTotal: 100.11 },
    ]);
    expect(inv.seller.ids).toContainEqual({ scheme: '0201', value: '0000000196' });
    expect(inv.buyer.email).toBe('pete.smith@mycustomercompany.be');
  });
});

describe('UN/CEFACT CII (EN 16931)', () => {
  it('reads the maximum-content example field by field, taking the tax total in the invoice currency', async () => {
    const outcome = await extract('cii/en16931-cii-example5.xml');
    const inv = invoiceOf(outcome);
    expect(inv.format).toBe('CII');
    expect(inv.creditNote).toBe(false);
    // The example refers to an earlier invoice, but it is not a credit note.
    expect(inv.creditedInvoiceId).toBeNull();
    expect(inv.document).toEqual({
      documentId: 'TOSL110',
      dateCreated: '2013-04-10T00:00:00.000Z',
      referenceId: 'PO4711',
      referenceSystemId: null,
      currency: 'DKK',
      freight: 0,
      additionalCharges: 150,
      subtotal: 4000,
      discount: 150,
      totalTax: 675,
      totalValue: 4675,
      comments: 'Ordered through our website',
      validationErrors: NO_ERRORS,
      lineItems: [
        { id: 1, sequence: 1, code: 'JB007', description: 'Printing paper', qtyShipped: 1000, uom: 'C62', unitPrice: 1, discount: 100, tax: 250, grossLineTotal: 1250 },
        { id: 2, sequence: 2, code: 'JB008', description: 'Parker Pen', qtyShipped: 100, uom: 'C62', unitPrice: 5, discount: 0, tax: 125, grossLineTotal: 625 },
        { id: 3, sequence: 3, code: 'JB009', description: 'American Cookies', qtyShipped: 500, uom: 'C62', unitPrice: 5, discount: 0, tax: 300, grossLineTotal: 2800 },
      ],
    });
    expect(inv.seller).toEqual({
      name: 'SellerCompany',
      ids: [
        { scheme: '0088', value: '5790000436101' },
        { scheme: 'CompanyID', value: 'NL16356706' },
        { scheme: 'VAT', value: 'NL16356706' },
        { scheme: 'FC', value: 'NL16356706' },
      ],
      email: 'Anthon@Selco.nl',
    });
    expect(inv.buyer.ids).toContainEqual({ scheme: 'VAT', value: 'DK16356607' });
  });
});

describe('Factur-X / ZUGFeRD', () => {
  it('reads the CII XML embedded in the PDF/A-3, and the PDF is what the viewer shows', async () => {
    const outcome = await extract('factur-x/facturx-en16931.pdf');
    expect(outcome).toMatchObject({ kind: 'invoice', showPdf: true });
    const inv = invoiceOf(outcome);
    expect(inv.format).toBe('FACTUR-X');
    expect(inv.document).toMatchObject({
      documentId: 'F20260023',
      dateCreated: '2026-01-31T00:00:00.000Z',
      referenceId: 'PO201925478',
      currency: 'EUR',
      // FC (freight) charges 10 + 2 + 1; the ADR charge of 1 is another charge.
      freight: 13,
      additionalCharges: 1,
      subtotal: 95,
      discount: 9,
      totalTax: 4.9,
      totalValue: 104.9,
    });
    expect(inv.document.comments?.split('\n')[0]).toBe('FOURNISSEUR F SARL au capital de 50 000 EUR');
    expect(inv.document.lineItems).toEqual([
      { id: 1, sequence: 1, code: 'ART_1254', description: 'PRESTATION SUPPORT', qtyShipped: 1, uom: 'C62', unitPrice: 60, discount: 4, tax: 0, grossLineTotal: 60 },
      // A net price of 30 per basis quantity of 3 is 10 a unit.
      { id: 2, sequence: 2, code: 'ART_9874', description: 'FOURNITURES PAPIER', qtyShipped: 3, uom: 'C62', unitPrice: 10, discount: 5, tax: 2.8, grossLineTotal: 30.8 },
      { id: 3, sequence: 3, code: null, description: 'APPEL', qtyShipped: 1, uom: 'C62', unitPrice: 7, discount: 0, tax: 1.4, grossLineTotal: 8.4 },
    ]);
    expect(inv.seller.name).toBe('LE FOURNISSEUR');
    expect(inv.seller.ids).toContainEqual({ scheme: 'VAT', value: 'FR11123456782' });
    expect(inv.seller.ids).toContainEqual({ scheme: '0009', value: '12345678200077' });
    expect(inv.buyer.name).toBe('LE CLIENT');
  });
});

describe('cXML InvoiceDetailRequest', () => {
  it('reads the invoice, its order reference, line tax, shipping and special handling', async () => {
    const inv = invoiceOf(await extract('cxml/invoice-taxes-at-line.xml'));
    expect(inv.format).toBe('CXML');
    expect(inv.creditNote).toBe(false);
    expect(inv.document).toEqual({ ...CXML_SAMPLE_FIELDS, validationErrors: NO_ERRORS });
    expect(inv.seller.ids).toEqual([{ scheme: 'DUNS', value: 'supplierid' }]);
    expect(inv.buyer.ids).toEqual([{ scheme: 'DUNS', value: 'buyerid' }]);
  });

  it('reads a credit memo with its partners, discount and the invoice it credits', async () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.037/InvoiceDetail.dtd">
<cXML payloadID="p1" timestamp="2026-03-02T10:00:00+11:00"><Header>
<From><Credential domain="NetworkID"><Identity>AN0100</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>AN0200</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>AN0100</Identity><SharedSecret>s</SharedSecret></Credential><UserAgent>t</UserAgent></Sender></Header>
<Request><InvoiceDetailRequest><InvoiceDetailRequestHeader invoiceID="CM-7" purpose="creditMemo" operation="new" invoiceDate="2026-03-02T10:00:00+11:00">
<InvoiceDetailHeaderIndicator/><InvoiceDetailLineIndicator isTaxInLine="yes"/>
<InvoicePartner><Contact role="remitTo"><Name xml:lang="en">Acme &amp; Co</Name><Email>ar@acme.test</Email></Contact></InvoicePartner>
<InvoicePartner><Contact role="soldTo"><Name xml:lang="en">Uni</Name></Contact></InvoicePartner>
<InvoiceIDInfo invoiceID="INV-6"/><Comments xml:lang="en">Returned goods</Comments></InvoiceDetailRequestHeader>
<InvoiceDetailOrder><InvoiceDetailOrderInfo><OrderReference orderID="PO-42"><DocumentReference payloadID="x"/></OrderReference></InvoiceDetailOrderInfo>
<InvoiceDetailItem invoiceLineNumber="3" quantity="-2.5"><UnitOfMeasure>BX</UnitOfMeasure><UnitPrice><Money currency="AUD">10.10</Money></UnitPrice>
<InvoiceDetailItemReference lineNumber="1"><ItemID><SupplierPartID>AC-1</SupplierPartID></ItemID><Description xml:lang="en">Tips</Description></InvoiceDetailItemReference>
<SubtotalAmount><Money currency="AUD">-25.25</Money></SubtotalAmount><Tax><Money currency="AUD">-2.53</Money><Description xml:lang="en">GST</Description></Tax></InvoiceDetailItem></InvoiceDetailOrder>
<InvoiceDetailSummary><SubtotalAmount><Money currency="AUD">-25.25</Money></SubtotalAmount><Tax><Money currency="AUD">-2.53</Money><Description xml:lang="en">GST</Description></Tax>
<InvoiceDetailDiscount><Money currency="AUD">0.10</Money></InvoiceDetailDiscount><DueAmount><Money currency="AUD">-27.88</Money></DueAmount></InvoiceDetailSummary>
</InvoiceDetailRequest></Request></cXML>`;
    const outcome = await extractInvoiceFile({ filename: 'credit.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode(xml) }, []);
    const inv = invoiceOf(outcome);
    expect(inv.creditNote).toBe(true);
    expect(inv.creditedInvoiceId).toBe('INV-6');
    expect(inv.document).toMatchObject({ documentId: 'CM-7', dateCreated: '2026-03-02T00:00:00.000Z', referenceId: 'PO-42', currency: 'AUD', subtotal: -25.25, discount: 0.1, totalTax: -2.53, totalValue: -27.88, comments: 'Returned goods' });
    expect(inv.document.lineItems).toEqual([
      { id: 1, sequence: 3, code: 'AC-1', description: 'Tips', qtyShipped: -2.5, uom: 'BX', unitPrice: 10.1, discount: 0, tax: -2.53, grossLineTotal: -27.78 },
    ]);
    expect(inv.seller).toEqual({ name: 'Acme & Co', ids: [{ scheme: 'NetworkID', value: 'AN0100' }], email: 'ar@acme.test' });
    expect(inv.buyer).toEqual({ name: 'Uni', ids: [{ scheme: 'NetworkID', value: 'AN0200' }], email: null });
  });
});
