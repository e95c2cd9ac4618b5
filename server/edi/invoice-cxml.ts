import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { rec20Code } from '../../src/domain/uom';
import { type Credential, CXML_DTD, type CxmlDocumentOptions, description, el, envelope, money, nameElement, portalCredential, text, type XmlElement } from './cxml';
import { cxmlDateTime } from './cxml-dates';

export interface InvoiceCxmlInput {
  oiid: number;
  buyerKey: string;
  buyerName: string;
  supplierKey: string | null;
  supplierName: string | null;
  supplierCode: string | null;
  document: InvoiceDocument;
  /** The payloadID of the OrderRequest of the order the invoice was matched to, when the portal sent one. */
  orderPayloadId?: string | null;
}

/** The supplier by its portal key, else by the code the buyer knows it under. */
function supplierCredential(input: InvoiceCxmlInput): Credential {
  if (input.supplierKey) return portalCredential(input.supplierKey);
  return { domain: 'SupplierCode', identity: input.supplierCode ?? '' };
}

function partner(role: string, name: string, addressId?: string | null): XmlElement {
  return el('InvoicePartner', {}, el('Contact', { role, addressID: addressId || null }, nameElement(name)));
}

/**
 * The cXML InvoiceDetailRequest (declared in InvoiceDetail.dtd) of an extracted invoice,
 * as a buyer's accounts-payable system takes it in: sent from the supplier to the buyer,
 * with the invoice number and date, the order it references, one InvoiceDetailItem per
 * line, and the summary with tax, freight, charges and discount.
 */
export function invoiceDetailRequestCxml(input: InvoiceCxmlInput, opts: CxmlDocumentOptions): string {
  const doc = input.document;
  const cur = doc.currency;
  const zone = opts.timeZone;
  const tax = (amount: number) => el('Tax', {}, money(amount, cur), description('GST'));
  const lines = [...doc.lineItems].sort((a, b) => a.sequence - b.sequence);

  const items = lines.map((l) =>
    el(
      'InvoiceDetailItem',
      { invoiceLineNumber: l.sequence, quantity: l.qtyShipped },
      text('UnitOfMeasure', rec20Code(l.uom ?? '')),
      el('UnitPrice', {}, money(l.unitPrice, cur)),
      el(
        'InvoiceDetailItemReference',
        { lineNumber: l.sequence },
        l.code ? el('ItemID', {}, text('SupplierPartID', l.code)) : null,
        l.description ? description(l.description) : null,
      ),
      el('SubtotalAmount', {}, money(l.grossLineTotal - l.tax, cur)),
      tax(l.tax),
      el('GrossAmount', {}, money(l.grossLineTotal, cur)),
      l.discount ? el('InvoiceDetailDiscount', {}, money(l.discount, cur)) : null,
      el('NetAmount', {}, money(l.grossLineTotal, cur)),
    ),
  );

  // An order the portal sent is referred to by its OrderRequest; otherwise only by the number the invoice quotes (empty when none).
  const orderId = doc.referenceId ?? '';
  const orderInfo = el(
    'InvoiceDetailOrderInfo',
    {},
    input.orderPayloadId
      ? el('OrderReference', { orderID: orderId }, el('DocumentReference', { payloadID: input.orderPayloadId }))
      : el('OrderIDInfo', { orderID: orderId }),
  );
  const header = el(
    'InvoiceDetailRequestHeader',
    { invoiceID: doc.documentId ?? String(input.oiid), purpose: 'standard', operation: 'new', invoiceDate: cxmlDateTime(doc.dateCreated, zone) },
    el('InvoiceDetailHeaderIndicator'),
    el('InvoiceDetailLineIndicator', { isTaxInLine: 'yes' }),
    partner('soldTo', input.buyerName),
    partner('remitTo', input.supplierName ?? '', input.supplierCode),
    text('Comments', doc.comments, { 'xml:lang': 'en' }),
  );
  const summary = el(
    'InvoiceDetailSummary',
    {},
    el('SubtotalAmount', {}, money(doc.subtotal, cur)),
    tax(doc.totalTax),
    el('SpecialHandlingAmount', {}, money(doc.additionalCharges, cur)),
    el('ShippingAmount', {}, money(doc.freight, cur)),
    el('GrossAmount', {}, money(doc.totalValue + doc.discount, cur)),
    el('InvoiceDetailDiscount', {}, money(doc.discount, cur)),
    el('NetAmount', {}, money(doc.totalValue, cur)),
    el('DueAmount', {}, money(doc.totalValue, cur)),
  );
  return envelope({
    dtd: CXML_DTD.invoice,
    from: supplierCredential(input),
    to: portalCredential(input.buyerKey),
    request: el('InvoiceDetailRequest', {}, header, el('InvoiceDetailOrder', {}, orderInfo, ...items), summary),
    payloadId: opts.payloadId,
    timestamp: cxmlDateTime(opts.now, zone),
  });
}
