import type { InvoiceDocument, InvoiceItem } from '../../../src/domain/schemas/invoices';
import { asSyncDb, type LocalDatabase } from '../../../src/local/db/local-database';
import { applyRows } from '../../../src/sync/apply-rows';

export const BUYER_SCOPE = 'buyer:buyer-1';

function invoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    documentId: 'INV-1001',
    dateCreated: '2026-10-20T00:00:00.000Z',
    referenceId: 'PO-77',
    referenceSystemId: '77',
    currency: 'AUD',
    freight: 12.5,
    additionalCharges: 5,
    subtotal: 1500,
    discount: 10,
    totalTax: 150.75,
    totalValue: 1658.25,
    comments: 'Payment terms: 30 days.',
    validationErrors: { general: [], header: [], line: [] },
    lineItems: [
      { id: 2, sequence: 2, code: 'B-2', description: 'Second line', qtyShipped: 3, uom: 'EA', unitPrice: 100, discount: 0, tax: 30, grossLineTotal: 330 },
      { id: 1, sequence: 1, code: 'A-1', description: 'First line', qtyShipped: 12, uom: 'BX', unitPrice: 100, discount: 0, tax: 120, grossLineTotal: 1320 },
    ],
    ...overrides,
  };
}

export function invoiceItem(oiid: number, overrides: Partial<InvoiceItem> = {}): InvoiceItem {
  return {
    oiid,
    buyerId: 'buyer-1',
    read: true,
    exported: false,
    veStatus: 'Pending',
    title: 'Tax Invoice',
    supplierName: 'Acme Scientific',
    supplierCode: 'AP10100',
    document: invoiceDocument({ documentId: `INV-${1000 + oiid}` }),
    message: {
      subject: `Invoice ${oiid} from Acme`,
      senderEmail: 'accounts@acme.example',
      createdDate: `2026-10-${String(10 + (oiid % 18)).padStart(2, '0')}T09:00:00.000Z`,
      recipients: ['invoices@uni.example'],
      htmlBody: null,
      pdfUrl: null,
    },
    rev: oiid,
    ...overrides,
  };
}

/** Stores invoices as the sync engine does: the item split into invoice, document and message rows. */
export async function holdInvoices(db: LocalDatabase, items: InvoiceItem[]): Promise<void> {
  await applyRows(
    asSyncDb(db),
    items.map((item) => ({ table: 'invoices' as const, scope: BUYER_SCOPE, key: String(item.oiid), rev: item.rev, row: { ...item } })),
    'replace',
  );
}
