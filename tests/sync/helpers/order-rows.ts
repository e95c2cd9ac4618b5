import type { Asn } from '../../../src/domain/schemas/asn';
import type { Order, OrderLine } from '../../../src/domain/schemas/orders';
import type { OrderLineRow, OrderRow } from '../../../src/sync/rows';

/**
 * Whole orders as the server answers them and as the store keeps them, typed by the
 * schemas of src/domain: a test row with a missing or misnamed field fails the type check.
 */
export const address = (name: string) => ({
  name,
  postalAddressName: `${name} Receiving`,
  postalAddressStreet: '1 Campus Road',
  postalAddressCity: 'Westmere',
  postalAddressState: 'NSW',
  postalAddressPostcode: '2000',
  postalAddressCountryCode: 'AU',
  postalAddressCountryName: 'Australia',
  email: 'receiving@uni.example',
  phoneCountryCode: '61',
  phoneAreaCode: '2',
  phoneNumber: '5550 1000',
  faxCountryCode: '61',
  faxAreaCode: '2',
  faxNumber: '5550 1001',
});

export function orderLine(number: number, overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 100 + number,
    number,
    supplierProductCode: `P-${number}`,
    description: `Product ${number}`,
    quantity: 1,
    uom: 'EA',
    unitPrice: 12.5,
    priceCurreny: 'AUD',
    taxLine: 1.25,
    taxLineCurrency: 'AUD',
    lineComment: '',
    freeText: false,
    ...overrides,
  };
}

/** The GET answer (and changes-feed row) of one order. */
export function orderAnswer(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    orderNo: `PO-${id}`,
    orderDate: `2026-10-${String(10 + (id % 18)).padStart(2, '0')}T09:00:00.000Z`,
    state: 'Open',
    read: true,
    canExport: true,
    buyerId: 'buyer-1',
    buyerName: 'Westmere University',
    sellerId: 'seller-1',
    sellerName: 'Acme Scientific',
    raisedBy: 'Jane Buyer',
    taxTotal: 10,
    taxTotalCurrency: 'AUD',
    orderTotalExtTax: 1234.5,
    orderTotalCurrency: 'AUD',
    shipTo: address('Science Store'),
    billTo: address('Accounts Payable'),
    contact: address('Jane Buyer'),
    lines: [],
    ...overrides,
  };
}

/** An order as the store keeps it (its lines are rows of their own). */
export function orderRow(scope: string, id: number, overrides: Partial<OrderRow> = {}): OrderRow {
  const { lines: _lines, ...order } = orderAnswer(id);
  return { scope, key: String(id), rev: 1, ...order, ...overrides };
}

export function orderLineRow(scope: string, orderId: number, number: number, overrides: Partial<OrderLineRow> = {}): OrderLineRow {
  return { scope, key: `${orderId}/${number}`, rev: 1, orderId: String(orderId), ...orderLine(number), ...overrides };
}

/** The server's answer to an accepted ASN submit. */
export function asnAnswer(id: number, orderNumber: string, shipmentId: string): Asn {
  return {
    id,
    shipmentId,
    createdDate: '2026-10-20T10:00:00.000Z',
    noticeDate: '2026-10-20',
    deliveryDate: '2026-10-25',
    shipmentDate: '2026-10-21',
    carrierName: 'Fast Freight',
    trackingId: 'TRK-1',
    shipFrom: address('Acme Scientific'),
    shipTo: address('Science Store'),
    lines: [{ number: 1, quantity: 1, uom: 'EA' }],
    orderNumber,
    orderId: 7,
    sellerId: 'SUPACMESCI01',
    buyerId: 'UNIWESTMERE1',
    exported: false,
    waitingForAction: false,
    state: 'SUBMITTED',
  };
}
