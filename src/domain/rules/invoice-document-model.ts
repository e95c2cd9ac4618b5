import type { InvoiceDocument } from '../schemas/invoices';
import { roundCents, type En16931Invoice } from './invoice-en16931';

/** EN 16931's type codes of the two kinds of document the portal receives. */
const TYPE_CODE = { Invoice: '380', 'Credit Note': '381' } as const;

export function isCreditNote(doc: Pick<InvoiceDocument, 'documentType'>): boolean {
  return doc.documentType === 'Credit Note';
}

/**
 * The portal's invoice document read as EN 16931's model. A line's net is its gross
 * less its tax; the document's discount is its one document-level allowance, freight and
 * additional charges its charges. The document states no total without tax, so BT-109
 * is computed (BR-CO-13 holds by construction) and BR-CO-15 checks the stated total.
 */
export function en16931OfDocument(doc: InvoiceDocument, parties: { sellerName: string | null; buyerName: string | null }): En16931Invoice {
  const charges = [doc.freight, doc.additionalCharges].filter((c) => c !== 0);
  const chargeTotal = charges.reduce((a, b) => a + b, 0);
  return {
    number: doc.documentId,
    issueDate: doc.dateCreated,
    typeCode: TYPE_CODE[doc.documentType ?? 'Invoice'],
    currency: doc.currency,
    sellerName: parties.sellerName,
    buyerName: parties.buyerName,
    lines: doc.lineItems.map((l) => ({ netAmount: roundCents(l.grossLineTotal - l.tax) })),
    allowances: doc.discount !== 0 ? [doc.discount] : [],
    charges,
    totals: {
      lineNet: doc.subtotal,
      allowances: doc.discount !== 0 ? doc.discount : undefined,
      charges: charges.length > 0 ? roundCents(chargeTotal) : undefined,
      withoutTax: roundCents(doc.subtotal - doc.discount + chargeTotal),
      withTax: doc.totalValue,
      due: doc.totalValue,
    },
    taxTotals: [{ amount: doc.totalTax, inInvoiceCurrency: true, breakdown: [] }],
  };
}
