import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument, InvoiceLineItem } from '../../src/domain/schemas/invoices';
import { type InvoicePdfInput, renderInvoicePdf } from '../../server/files/invoice-pdf';
import type { ExtractionOutcome } from '../../server/intake/extract/extracted-invoice';
import { extractInvoiceFile } from '../../server/intake/extract/extract-invoice-file';
import { SHIPPED_TEMPLATES } from '../../server/intake/extract/shipped-templates';

const pdfFile = (bytes: Uint8Array) => ({ filename: 'invoice.xml', contentType: 'text/xml', bytes });

function line(n: number, overrides: Partial<InvoiceLineItem> = {}): InvoiceLineItem {
  return {
    id: n,
    sequence: n,
    code: `AC-PIP-${100 + n}`,
    description: n % 3 === 0 ? 'Pipette tips 1000 uL, graduated, racked (10 x 96), sterile, in a long description that wraps' : `Nitrile gloves (100) size ${n}`,
    qtyShipped: n,
    uom: 'BX',
    unitPrice: 1234.5,
    discount: n % 4 === 0 ? 61.73 : 0,
    tax: 12.35,
    grossLineTotal: 135.85 + n,
    ...overrides,
  };
}

function document(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    documentId: 'INV-2026-010431',
    dateCreated: '2026-03-02T00:00:00.000Z',
    referenceId: '4500012345',
    referenceSystemId: null,
    currency: 'AUD',
    freight: 12.5,
    additionalCharges: 5.5,
    subtotal: 12345.67,
    discount: 246.91,
    totalTax: 1211.48,
    totalValue: 13328.24,
    comments: 'Payment terms: 30 days from invoice date.',
    validationErrors: { general: [], header: [], line: [] },
    lineItems: [line(1), line(2, { qtyShipped: 2.5, uom: 'L' }), line(3), line(4), line(5, { tax: 0, unitPrice: 11.95 }), line(6, { grossLineTotal: -20, unitPrice: -20, tax: 0 })],
    ...overrides,
  };
}

function pdfInput(supplierName: string, doc: InvoiceDocument): InvoicePdfInput {
  return {
    title: 'Tax Invoice',
    supplier: { name: supplierName, addressLines: ['ABN 51 824 753 556', '12 Industrial Drive', 'Alexandria NSW 2015', 'Australia'], email: 'orders@acme.demo.test' },
    supplierCode: 'AP10100',
    billTo: { name: 'University of Westmere', addressLines: ['Accounts Payable', 'Building 4, Campus Services'], email: null },
    document: doc,
  };
}

async function extractRendered(input: InvoicePdfInput): Promise<ExtractionOutcome> {
  return extractInvoiceFile(pdfFile(new Uint8Array(await renderInvoicePdf(input))), SHIPPED_TEMPLATES);
}

describe('the shipped templates read the demo suppliers’ invoice PDFs', () => {
  it('gives back every field the PDF was rendered from', async () => {
    const doc = document();
    const outcome = await extractRendered(pdfInput('Acme Scientific', doc));
    expect(outcome.kind).toBe('invoice');
    if (outcome.kind !== 'invoice') return;
    expect(outcome.showPdf).toBe(true);
    expect(outcome.invoice.format).toBe('PDF-TEMPLATE');
    expect(outcome.invoice.template).toBe('Acme Scientific tax invoice');
    const got = outcome.invoice.document;
    for (const field of ['documentId', 'dateCreated', 'referenceId', 'currency', 'freight', 'additionalCharges', 'subtotal', 'discount', 'totalTax', 'totalValue', 'comments'] as const) {
      expect(got[field], field).toEqual(doc[field]);
    }
    expect(got.lineItems).toHaveLength(doc.lineItems.length);
    doc.lineItems.forEach((want, i) => {
      for (const field of ['sequence', 'code', 'description', 'qtyShipped', 'uom', 'unitPrice', 'discount', 'tax', 'grossLineTotal'] as const) {
        expect(got.lineItems[i]![field], `line ${i + 1} ${field}`).toEqual(want[field]);
      }
    });
    expect(outcome.invoice.seller).toEqual({ name: 'Acme Scientific', ids: [{ scheme: 'ABN', value: '51824753556' }], email: null });
    expect(outcome.invoice.buyer.name).toBe('University of Westmere');
  });

  it('reads a table that runs over pages, skipping the repeated header and the page footers', async () => {
    const lineItems = Array.from({ length: 45 }, (_, i) => line(i + 1));
    const doc = document({ lineItems, referenceId: null, comments: null, discount: 0 });
    const outcome = await extractRendered(pdfInput('BioLab Supplies', doc));
    if (outcome.kind !== 'invoice') throw new Error(outcome.reason);
    expect(outcome.invoice.template).toBe('BioLab Supplies tax invoice');
    expect(outcome.invoice.document.referenceId).toBeNull();
    expect(outcome.invoice.document.comments).toBeNull();
    expect(outcome.invoice.document.discount).toBe(0);
    expect(outcome.invoice.document.lineItems.map((l) => l.description)).toEqual(lineItems.map((l) => l.description));
    expect(outcome.invoice.document.lineItems.map((l) => l.grossLineTotal)).toEqual(lineItems.map((l) => l.grossLineTotal));
  });

  it('fails, keeping the PDF to show, when no template knows the layout', async () => {
    const outcome = await extractRendered(pdfInput('Unknown Traders', document()));
    expect(outcome).toEqual({ kind: 'failed', reason: "No extraction template recognises this PDF's layout.", showPdf: true });
  });

  it('fails on a PDF without a text layer (a scan)', async () => {
    const pdf = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => pdf.on('end', resolve));
    pdf.rect(50, 50, 200, 100).fill('#333333');
    pdf.end();
    await done;
    const outcome = await extractInvoiceFile(pdfFile(new Uint8Array(Buffer.concat(chunks))), SHIPPED_TEMPLATES);
    expect(outcome).toEqual({ kind: 'failed', reason: 'The PDF has no text layer (a scan?); scans are not read.', showPdf: true });
  });
});
