import type { ExtractionOutcome, PartyIds } from './extracted-invoice';
import { type Decimal, parseDecimal, sum, ZERO } from './decimal';
import { buildDocument, isoDay, type LineFacts, lineSequence } from './invoice-facts';
import { allAt, at, child, childrenNamed, textAt, type XmlElement } from './xml-tree';

const SELLER_ROLES = ['remitTo', 'billFrom', 'from', 'issuerOfInvoice', 'supplierCorporate'];
const BUYER_ROLES = ['soldTo', 'billTo', 'buyer', 'buyerCorporate', 'receivingCorporate'];
const CREDIT_PURPOSES = new Set(['creditMemo', 'lineLevelCreditMemo']);

/** The Money of an amount element, null when absent or empty (cXML senders leave `<Money/>` blank). */
function money(el: XmlElement | null, path: string): Decimal | null {
  return parseDecimal(textAt(el, `${path}/Money`));
}

function party(header: XmlElement | null, credentialsOf: 'From' | 'To', contacts: XmlElement[], roles: string[]): PartyIds {
  const ids = childrenNamed(at(header, credentialsOf), 'Credential')
    .map((c) => ({ scheme: c.attrs.domain ?? 'NetworkID', value: textAt(c, 'Identity') ?? '' }))
    .filter((i) => i.value !== '');
  const contact = roles.map((r) => contacts.find((c) => c.attrs.role === r)).find((c) => c !== undefined) ?? null;
  return { name: textAt(contact, 'Name'), ids, email: textAt(contact, 'Email') };
}

function orderReference(order: XmlElement): string | null {
  const info = at(order, 'InvoiceDetailOrderInfo');
  const ref = at(info, 'OrderReference');
  return ref?.attrs.orderID || at(ref, 'DocumentReference')?.attrs.payloadID || at(info, 'OrderIDInfo')?.attrs.orderID || null;
}

function line(item: XmlElement): LineFacts {
  const tax = money(item, 'Tax') ?? ZERO;
  const discount = money(item, 'InvoiceDetailDiscount') ?? ZERO;
  const subtotal = money(item, 'SubtotalAmount') ?? ZERO;
  // NetAmount is gross less discount, tax included; without it the line is its subtotal less discount.
  const netAmount = money(item, 'NetAmount');
  const reference = at(item, 'InvoiceDetailItemReference');
  return {
    sequence: lineSequence(item.attrs.invoiceLineNumber ?? null),
    code: textAt(reference, 'ItemID/SupplierPartID'),
    description: textAt(reference, 'Description'),
    quantity: parseDecimal(item.attrs.quantity) ?? ZERO,
    uom: textAt(item, 'UnitOfMeasure'),
    unitPrice: money(item, 'UnitPrice') ?? ZERO,
    discount,
    tax,
    net: netAmount !== null ? netAmount - tax : subtotal - discount,
  };
}

/** A cXML InvoiceDetailRequest (Coupa, SAP Business Network) as the portal's invoice. */
export function extractCxml(root: XmlElement): ExtractionOutcome {
  const request = at(root, 'Request/InvoiceDetailRequest');
  if (!request) return { kind: 'no-invoice', reason: 'The cXML document is not an InvoiceDetailRequest.', showPdf: false };
  const header = at(request, 'InvoiceDetailRequestHeader');
  const date = isoDay(header?.attrs.invoiceDate ?? null);
  if (!header || !date) return { kind: 'failed', reason: 'The InvoiceDetailRequest has no valid invoiceDate.', showPdf: false };
  const summary = at(request, 'InvoiceDetailSummary');
  const orders = childrenNamed(request, 'InvoiceDetailOrder');
  const contacts = allAt(header, 'InvoicePartner').map((p) => child(p, 'Contact')).filter((c): c is XmlElement => c !== null);
  const currency = at(summary, 'SubtotalAmount/Money')?.attrs.currency ?? at(summary, 'Tax/Money')?.attrs.currency ?? 'USD';
  const lines = orders.flatMap((o) => childrenNamed(o, 'InvoiceDetailItem').map(line));
  const document = buildDocument({
    documentId: header.attrs.invoiceID ?? null,
    date,
    referenceId: orders.map(orderReference).find((r) => r !== null) ?? null,
    currency,
    freight: money(summary, 'ShippingAmount') ?? ZERO,
    additionalCharges: money(summary, 'SpecialHandlingAmount') ?? ZERO,
    subtotal: money(summary, 'SubtotalAmount') ?? sum(lines.map((l) => l.net)),
    discount: money(summary, 'InvoiceDetailDiscount') ?? ZERO,
    totalTax: money(summary, 'Tax') ?? sum(lines.map((l) => l.tax)),
    totalValue: money(summary, 'DueAmount') ?? money(summary, 'NetAmount'),
    comments: textAt(header, 'Comments'),
    lines,
  });
  return {
    kind: 'invoice',
    showPdf: false,
    invoice: {
      format: 'CXML',
      creditNote: CREDIT_PURPOSES.has(header.attrs.purpose ?? ''),
      creditedInvoiceId: at(header, 'InvoiceIDInfo')?.attrs.invoiceID ?? null,
      document,
      seller: party(at(root, 'Header'), 'From', contacts, SELLER_ROLES),
      buyer: party(at(root, 'Header'), 'To', contacts, BUYER_ROLES),
      template: null,
    },
  };
}
