import type { InvoiceDocument } from '../../src/domain/schemas/invoices';

export interface InvoiceCxmlInput {
  oiid: number;
  buyerKey: string;
  buyerName: string;
  supplierKey: string | null;
  supplierName: string | null;
  supplierCode: string | null;
  document: InvoiceDocument;
  /** The payload's timestamp and id; the caller passes the export time. */
  now: Date;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const amount = (n: number) => n.toFixed(2);

function money(value: number, currency: string): string {
  return `<Money currency="${escapeXml(currency)}">${amount(value)}</Money>`;
}

function credential(domain: string, identity: string): string {
  return `<Credential domain="${escapeXml(domain)}"><Identity>${escapeXml(identity)}</Identity></Credential>`;
}

/**
 * The cXML 1.2 InvoiceDetailRequest of an extracted invoice, as a buyer's
 * accounts-payable system takes it in: header (invoice number and date), the order
 * it references, one InvoiceDetailItem per line, and the summary with tax, freight,
 * charges and discount.
 */
export function invoiceDetailRequestCxml(input: InvoiceCxmlInput): string {
  const doc = input.document;
  const cur = doc.currency;
  const timestamp = input.now.toISOString();
  const payloadId = `${input.now.getTime()}.invoice-${input.oiid}@${input.buyerKey.toLowerCase()}.portal`;
  const fromIdentity = input.supplierCode ?? input.supplierKey ?? 'UNKNOWN';
  const lines = [...doc.lineItems].sort((a, b) => a.sequence - b.sequence);

  const items = lines
    .map((l) => {
      const net = l.grossLineTotal - l.tax;
      return [
        `        <InvoiceDetailItem invoiceLineNumber="${l.sequence}" quantity="${l.qtyShipped}">`,
        `          <UnitOfMeasure>${escapeXml(l.uom ?? 'EA')}</UnitOfMeasure>`,
        `          <UnitPrice>${money(l.unitPrice, cur)}</UnitPrice>`,
        `          <InvoiceDetailItemReference lineNumber="${l.sequence}">`,
        `            <ItemID><SupplierPartID>${escapeXml(l.code ?? '')}</SupplierPartID></ItemID>`,
        `            <Description xml:lang="en">${escapeXml(l.description ?? '')}</Description>`,
        `          </InvoiceDetailItemReference>`,
        `          <SubtotalAmount>${money(net, cur)}</SubtotalAmount>`,
        `          <Tax>${money(l.tax, cur)}<Description xml:lang="en">GST</Description></Tax>`,
        `          <GrossAmount>${money(l.grossLineTotal, cur)}</GrossAmount>`,
        ...(l.discount ? [`          <InvoiceDetailDiscount>${money(l.discount, cur)}</InvoiceDetailDiscount>`] : []),
        `          <NetAmount>${money(l.grossLineTotal, cur)}</NetAmount>`,
        `        </InvoiceDetailItem>`,
      ].join('\n');
    })
    .join('\n');

  const orderId = doc.referenceId ?? '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/InvoiceDetail.dtd">',
    `<cXML payloadID="${escapeXml(payloadId)}" timestamp="${timestamp}" xml:lang="en-AU">`,
    '  <Header>',
    `    <From>${credential('SupplierCode', fromIdentity)}</From>`,
    `    <To>${credential('NetworkID', input.buyerKey)}</To>`,
    `    <Sender>${credential('NetworkID', input.buyerKey)}<UserAgent>Procurement Portal</UserAgent></Sender>`,
    '  </Header>',
    '  <Request deploymentMode="production">',
    '    <InvoiceDetailRequest>',
    `      <InvoiceDetailRequestHeader invoiceID="${escapeXml(doc.documentId ?? String(input.oiid))}" purpose="standardInvoice" operation="new" invoiceDate="${escapeXml(doc.dateCreated)}">`,
    '        <InvoiceDetailHeaderIndicator/>',
    '        <InvoiceDetailLineIndicator isTaxInLine="yes"/>',
    `        <InvoicePartner><Contact role="soldTo"><Name xml:lang="en">${escapeXml(input.buyerName)}</Name></Contact></InvoicePartner>`,
    `        <InvoicePartner><Contact role="remitTo" addressID="${escapeXml(fromIdentity)}"><Name xml:lang="en">${escapeXml(input.supplierName ?? '')}</Name></Contact></InvoicePartner>`,
    ...(doc.comments ? [`        <Comments xml:lang="en">${escapeXml(doc.comments)}</Comments>`] : []),
    '      </InvoiceDetailRequestHeader>',
    '      <InvoiceDetailOrder>',
    '        <InvoiceDetailOrderInfo>',
    `          <OrderReference orderID="${escapeXml(orderId)}"><DocumentReference payloadID="${escapeXml(doc.referenceSystemId ?? orderId)}"/></OrderReference>`,
    '        </InvoiceDetailOrderInfo>',
    items,
    '      </InvoiceDetailOrder>',
    '      <InvoiceDetailSummary>',
    `        <SubtotalAmount>${money(doc.subtotal, cur)}</SubtotalAmount>`,
    `        <Tax>${money(doc.totalTax, cur)}<Description xml:lang="en">GST</Description></Tax>`,
    `        <SpecialHandlingAmount>${money(doc.additionalCharges, cur)}</SpecialHandlingAmount>`,
    `        <ShippingAmount>${money(doc.freight, cur)}</ShippingAmount>`,
    `        <GrossAmount>${money(doc.totalValue + doc.discount, cur)}</GrossAmount>`,
    `        <InvoiceDetailDiscount>${money(doc.discount, cur)}</InvoiceDetailDiscount>`,
    `        <NetAmount>${money(doc.totalValue, cur)}</NetAmount>`,
    `        <DueAmount>${money(doc.totalValue, cur)}</DueAmount>`,
    '      </InvoiceDetailSummary>',
    '    </InvoiceDetailRequest>',
    '  </Request>',
    '</cXML>',
    '',
  ].join('\n');
}
