import { describe, expect, it } from 'vitest';
import {
  canShowOriginalEmail,
  hasValidationErrors,
  invoiceRowDisplay,
  sortedLineItems,
  validationErrorCount,
  validationErrorsOf,
  veStatusQueryValue,
} from '../../src/domain/invoice-display';
import { INVOICE_STATUS_FILTERS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { INVOICE_VE_STATUSES, invoiceItemSchema, type InvoiceItem } from '../../src/domain/schemas/invoices';

const noErrors = { general: [], header: [], line: [] };

function invoice(overrides: Partial<InvoiceItem> = {}): InvoiceItem {
  return invoiceItemSchema.parse({
    oiid: 7,
    buyerId: 'UNIWESTMERE1',
    read: false,
    exported: false,
    veStatus: 'Pending',
    title: 'Tax Invoice',
    supplierName: 'Acme Scientific',
    supplierCode: 'V10023',
    document: {
      documentId: 'INV-2026-010401',
      dateCreated: '2026-10-20T00:00:00.000Z',
      referenceId: '4500012345',
      referenceSystemId: '88',
      currency: 'AUD',
      freight: 12.5,
      additionalCharges: 0,
      subtotal: 100,
      discount: 0,
      totalTax: 11.25,
      totalValue: 123.75,
      comments: null,
      validationErrors: noErrors,
      lineItems: [
        { id: 2, sequence: 2, code: 'B', description: 'b', qtyShipped: 1, uom: 'EA', unitPrice: 50, discount: 0, tax: 5, grossLineTotal: 55 },
        { id: 1, sequence: 1, code: 'A', description: 'a', qtyShipped: 1, uom: 'EA', unitPrice: 50, discount: 0, tax: 5, grossLineTotal: 55 },
      ],
    },
    message: {
      subject: 'Tax Invoice INV-2026-010401 from Acme Scientific',
      senderEmail: 'accounts@acme.demo.test',
      createdDate: '2026-10-21T03:04:05.000Z',
      recipients: ['invoices@uni.demo.test'],
      htmlBody: '<p>Attached</p>',
      pdfUrl: '/api/buyer/UNIWESTMERE1/invoice/7/pdf',
    },
    rev: 3,
    ...overrides,
  });
}

describe('invoice list row display', () => {
  it('shows the extracted title, number, PO, supplier, total and invoice date', () => {
    const row = invoiceRowDisplay(invoice());
    expect(row).toMatchObject({
      title: 'Tax Invoice',
      subtitle: null,
      number: 'INV-2026-010401',
      poNumber: '4500012345',
      from: 'Acme Scientific',
      totalValue: 123.75,
      currency: 'AUD',
      created: '2026-10-20T00:00:00.000Z',
      hasValidationErrors: false,
      bold: true,
      dimmed: false,
    });
  });

  it('falls back to the extraction-problem texts, the email subject and the sender address without a document', () => {
    const row = invoiceRowDisplay(invoice({ document: null, supplierName: null, read: true, exported: true }));
    expect(row.title).toBe(messages.documentWithExtractionProblems);
    expect(row.title).toBe('Document with extraction problems');
    expect(row.number).toBe(messages.noNumberDetected);
    expect(row.number).toBe('No Number detected');
    expect(row.subtitle).toBe('Tax Invoice INV-2026-010401 from Acme Scientific');
    expect(row.from).toBe('accounts@acme.demo.test');
    expect(row.created).toBe('2026-10-21T03:04:05.000Z');
    expect(row.totalValue).toBeNull();
    expect(row.poNumber).toBeNull();
    expect(row.hasValidationErrors).toBe(true);
    expect(row.bold).toBe(false);
    expect(row.dimmed).toBe(true);
  });

  it('shows No Number detected when the document has no invoice number', () => {
    const base = invoice();
    const row = invoiceRowDisplay({ ...base, document: { ...base.document!, documentId: '  ' } });
    expect(row.number).toBe('No Number detected');
  });

  it('uses the sender address when the supplier name is unknown', () => {
    expect(invoiceRowDisplay(invoice({ supplierName: null })).from).toBe('accounts@acme.demo.test');
  });
});

describe('validation errors', () => {
  it('a missing document is the general error Document extraction error.', () => {
    const errors = validationErrorsOf({ document: null });
    expect(errors).toEqual({ general: [{ error: 'Document extraction error.' }], header: [], line: [] });
    expect(hasValidationErrors({ document: null })).toBe(true);
  });

  it("lists the intake's own errors after the extraction error of an invoice without a document", () => {
    const flag = 'Sender x@acme.test matches a sender source but failed DKIM and SPF checks';
    expect(validationErrorsOf({ document: null, intakeErrors: [flag] }).general).toEqual([{ error: 'Document extraction error.' }, { error: flag }]);
    expect(validationErrorCount({ document: null, intakeErrors: [flag] })).toBe(2);
  });

  it('counts general, header and line errors', () => {
    const base = invoice();
    expect(hasValidationErrors(base)).toBe(false);
    const withErrors = {
      document: {
        ...base.document!,
        validationErrors: {
          general: [{ error: 'Duplicate invoice' }],
          header: [{ error: 'PO number 4500012345 not found' }],
          line: [{ error: 'Line 3: unit price differs from contract price' }, { error: 'Line 4: UOM BX does not match the order UOM' }],
        },
      },
    };
    expect(validationErrorCount(withErrors)).toBe(4);
    expect(hasValidationErrors(withErrors)).toBe(true);
  });
});

describe('status filter', () => {
  it("'All' asks for no filter; the others are the veStatus values", () => {
    expect(INVOICE_STATUS_FILTERS).toEqual(['All', 'Pending', 'Emailed', 'Exported']);
    expect(veStatusQueryValue('All')).toBeUndefined();
    for (const status of INVOICE_VE_STATUSES) expect(veStatusQueryValue(status)).toBe(status);
  });
});

describe('detail helpers', () => {
  it('offers Show Original Email only with both an HTML body and a PDF', () => {
    const base = invoice();
    expect(canShowOriginalEmail(base)).toBe(true);
    expect(canShowOriginalEmail({ message: { ...base.message, htmlBody: null } })).toBe(false);
    expect(canShowOriginalEmail({ message: { ...base.message, pdfUrl: null } })).toBe(false);
  });

  it('sorts line items by sequence', () => {
    expect(sortedLineItems(invoice()).map((l) => l.sequence)).toEqual([1, 2]);
    expect(sortedLineItems({ document: null })).toEqual([]);
  });
});
