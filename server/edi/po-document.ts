import type { Order } from '../../src/domain/schemas/orders';
import { roundMoney } from '../../src/domain/money';
import { rec20Code } from '../../src/domain/uom';
import { address, CXML_DTD, type CxmlDocumentOptions, description, el, envelope, money, personContact, portalCredential, text } from './cxml';
import { cxmlDateTime } from './cxml-dates';

/**
 * The purchase order as a cXML OrderRequest. A purchase order travels from the buyer
 * to the supplier, so the buyer is From (and Sender) and the supplier To.
 */
export function poDocument(order: Order, opts: CxmlDocumentOptions): string {
  const currency = order.orderTotalCurrency;
  const header = el(
    'OrderRequestHeader',
    { orderID: order.orderNo, orderDate: cxmlDateTime(order.orderDate, opts.timeZone), type: 'new' },
    el('Total', {}, money(roundMoney(order.orderTotalExtTax + order.taxTotal), currency)),
    el('ShipTo', {}, address(order.shipTo)),
    el('BillTo', {}, address(order.billTo)),
    el('Tax', {}, money(order.taxTotal, order.taxTotalCurrency || currency), description('Total tax')),
    order.contact.name ? personContact('buyer', order.contact) : null,
    text('Extrinsic', order.state, { name: 'state' }),
  );
  const items = order.lines.map((line) =>
    el(
      'ItemOut',
      { quantity: line.quantity, lineNumber: line.number },
      el('ItemID', {}, text('SupplierPartID', line.supplierProductCode) ?? el('SupplierPartID')),
      el(
        'ItemDetail',
        {},
        el('UnitPrice', {}, money(line.unitPrice, line.priceCurreny || currency)),
        description(line.description),
        text('UnitOfMeasure', rec20Code(line.uom)),
        // cXML requires a classification; the portal's products carry no UNSPSC code, so the domain is named and left empty.
        el('Classification', { domain: 'UNSPSC' }),
      ),
      el('Tax', {}, money(line.taxLine, line.taxLineCurrency || currency), description('Line tax')),
      text('Comments', line.lineComment, { 'xml:lang': 'en' }),
    ),
  );
  return envelope({
    dtd: CXML_DTD.order,
    from: portalCredential(order.buyerId),
    to: portalCredential(order.sellerId),
    request: el('OrderRequest', {}, header, ...items),
    payloadId: opts.payloadId,
    timestamp: cxmlDateTime(opts.now, opts.timeZone),
  });
}

/** `PO-<order number>.xml`, without doubling a PO prefix the order number already has. */
export function poFileName(order: Pick<Order, 'orderNo'>): string {
  return /^PO[-_]/i.test(order.orderNo) ? `${order.orderNo}.xml` : `PO-${order.orderNo}.xml`;
}
