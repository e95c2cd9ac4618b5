import type { MatchInput, MatchOrder } from '../../../src/domain/rules/invoice-matching';
import { DEFAULT_MATCHING_SETTINGS } from '../../../src/domain/schemas/invoice-matching';
import type { InvoiceDocument, InvoiceLineItem } from '../../../src/domain/schemas/invoices';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** An invoice line whose amounts add up: 10 % tax on quantity x price less the discount. */
export function lineOf(sequence: number, code: string, qty: number, price: number, extra: Partial<InvoiceLineItem> = {}): InvoiceLineItem {
  const discount = extra.discount ?? 0;
  const net = round2(qty * price - discount);
  const tax = extra.tax ?? round2(net * 0.1);
  return { id: sequence, sequence, code, description: code, qtyShipped: qty, uom: 'EA', unitPrice: price, discount, tax, grossLineTotal: round2(net + tax), ...extra };
}

/** A document whose totals add up from its lines. */
export function documentOf(lines: InvoiceLineItem[], extra: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const subtotal = round2(lines.reduce((s, l) => s + l.grossLineTotal - l.tax, 0));
  const totalTax = round2(lines.reduce((s, l) => s + l.tax, 0));
  return {
    documentId: 'INV-1',
    dateCreated: '2026-11-02T00:00:00.000Z',
    referenceId: 'PO-1',
    referenceSystemId: '1',
    currency: 'AUD',
    freight: 0,
    additionalCharges: 0,
    subtotal,
    discount: 0,
    totalTax,
    totalValue: round2(subtotal + totalTax),
    comments: null,
    validationErrors: { general: [], header: [], line: [] },
    lineItems: lines,
    ...extra,
  };
}

/** PO-1: 10 x A at 10.00 and 4 x B at 25.00, AUD, total with tax 220.00. */
export function orderOf(extra: Partial<MatchOrder> = {}): MatchOrder {
  return {
    orderNo: 'PO-1',
    currency: 'AUD',
    total: 220,
    lines: [
      { number: 1, code: 'A', uom: 'EA', quantity: 10, unitPrice: 10 },
      { number: 2, code: 'B', uom: 'EA', quantity: 4, unitPrice: 25 },
    ],
    ...extra,
  };
}

export function inputOf(document: InvoiceDocument | null, extra: Partial<MatchInput> = {}): MatchInput {
  return {
    document,
    supplierKey: 'SUP1',
    supplierName: 'Acme Scientific',
    buyerName: 'University of Westmere',
    senderEmail: 'ar@acme.test',
    intakeErrors: [],
    duplicateReceivedOn: null,
    order: { kind: 'found', order: orderOf() },
    shipped: new Map([
      [1, 10],
      [2, 4],
    ]),
    earlier: [],
    contractPrices: new Map(),
    supplierUoms: new Map(),
    settings: DEFAULT_MATCHING_SETTINGS,
    today: '2026-11-26',
    ...extra,
  };
}
