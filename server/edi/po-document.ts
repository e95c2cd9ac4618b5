import type { Order } from '../../src/domain/schemas/orders';
import { roundMoney } from '../../src/domain/money';
import { address, contact, el, envelope, money, text } from './cxml';

/**
 * The purchase order as a cXML OrderRequest, as exported towards the buyer's systems
 * (the export goes out from the supplier's side, naming the supplier as sender).
 */
export function poDocument(order: Order, opts: { timestamp?: string; payloadId?: string } = {}): string {
  const currency = order.orderTotalCurrency;
  const header = el(
    'OrderRequestHeader',
    { orderID: order.orderNo, orderDate: order.orderDate, type: 'new' },
    el('Total', {}, money(roundMoney(order.orderTotalExtTax + order.taxTotal), currency)),
    el('ShipTo', {}, address(order.shipTo)),
    el('BillTo', {}, address(order.billTo)),
    el('Tax', {}, money(order.taxTotal, order.taxTotalCurrency), text('Description', 'Total tax', { 'xml:lang': 'en' })),
    contact('buyer', order.contact),
    el('Extrinsic', { name: 'state' }, text('Value', order.state)),
  );
  const items = order.lines.map((line) =>
    el(
      'ItemOut',
      { quantity: line.quantity, lineNumber: line.number },
      el('ItemID', {}, text('SupplierPartID', line.supplierProductCode)),
      el(
        'ItemDetail',
        {},
        el('UnitPrice', {}, money(line.unitPrice, line.priceCurreny)),
        text('Description', line.description, { 'xml:lang': 'en' }),
        text('UnitOfMeasure', line.uom),
      ),
      el('Tax', {}, money(line.taxLine, line.taxLineCurrency), text('Description', 'Line tax', { 'xml:lang': 'en' })),
      text('Comments', line.lineComment, { 'xml:lang': 'en' }),
    ),
  );
  return envelope({
    from: order.sellerId,
    to: order.buyerId,
    request: el('OrderRequest', {}, header, ...items),
    ...opts,
  });
}

export function poFileName(order: Pick<Order, 'orderNo'>): string {
  return `PO-${order.orderNo}.xml`;
}
