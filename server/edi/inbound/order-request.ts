import type { Address } from '../../../src/domain/schemas/orders';
import { emptyAddress } from '../../../src/domain/schemas/orders';
import { addressLine, personAddress, placeAddress } from './cxml-address';
import { at, attrOf, childOf, childrenOf, textAt, type XmlTree } from './xml-tree';

/**
 * An OrderRequest as the order service takes it, read from the DTD-valid tree. What the
 * DTD cannot say (a number that is a number, a date that is a date, line numbers once
 * each) is checked here: a document breaking it is refused whole, with every reason.
 */

type OrderRequestType = 'new' | 'update' | 'delete';

export interface InboundOrderLine {
  number: number;
  quantity: number;
  supplierPartId: string;
  description: string;
  unitPrice: number;
  currency: string;
  /** As sent: a UN/ECE Rec 20 code, turned into the supplier's own by the order service. */
  unitOfMeasure: string;
  tax: number;
  taxCurrency: string;
  comment: string;
}

export interface InboundOrder {
  type: OrderRequestType;
  orderId: string;
  /** ISO 8601 instant. */
  orderDate: string;
  orderVersion: number;
  /** DocumentReference@payloadID: the version an update or delete replaces. */
  documentReference: string | null;
  currency: string;
  /** Header Tax, when the buyer sent one; otherwise the lines' taxes are summed. */
  tax: number | null;
  shipTo: Address;
  billTo: Address;
  contact: Address;
  comments: string;
  lines: InboundOrderLine[];
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export function readOrderRequest(request: XmlTree): { order: InboundOrder } | { errors: string[] } {
  const errors: string[] = [];
  const header = childOf(request, 'OrderRequestHeader');
  const number = (text: string, what: string): number => {
    const trimmed = text.trim().replace(/,/g, '');
    if (!DECIMAL.test(trimmed)) {
      errors.push(`${what} is not a number: '${text.trim()}'`);
      return NaN;
    }
    return Number(trimmed);
  };
  const money = (holder: XmlTree | null, what: string): { amount: number; currency: string } | null => {
    const m = childOf(holder, 'Money');
    return m ? { amount: number(m.text, what), currency: attrOf(m, 'currency') } : null;
  };

  const type = attrOf(header, 'type') || 'new';
  if (type !== 'new' && type !== 'update' && type !== 'delete') errors.push(`OrderRequestHeader type '${type}' is not new, update or delete`);
  const orderId = attrOf(header, 'orderID').trim();
  if (!orderId) errors.push('OrderRequestHeader has no orderID');
  const dateText = attrOf(header, 'orderDate');
  const orderDate = Date.parse(dateText);
  if (Number.isNaN(orderDate)) errors.push(`orderDate is not a date: '${dateText}'`);
  const versionText = attrOf(header, 'orderVersion') || '1';
  const orderVersion = /^\d+$/.test(versionText.trim()) ? Number(versionText.trim()) : NaN;
  if (!Number.isSafeInteger(orderVersion) || orderVersion < 1) errors.push(`orderVersion is not a whole number from 1: '${versionText}'`);
  const total = money(childOf(header, 'Total'), 'Total');
  const headerTax = money(childOf(header, 'Tax'), 'Tax');
  const currency = total?.currency || headerTax?.currency || '';

  const items = childrenOf(request, 'ItemOut');
  const headerShipTo = placeAddress(childOf(header, 'ShipTo'));
  const orderShipTo = headerShipTo ?? placeAddress(childOf(items[0] ?? null, 'ShipTo')) ?? emptyAddress();
  const orderShipText = addressLine(orderShipTo);
  const seen = new Set<number>();
  const lines = items.map((item, i): InboundOrderLine => {
    const lineNumberText = attrOf(item, 'lineNumber');
    const lineNo = lineNumberText ? number(lineNumberText, `ItemOut ${i + 1} lineNumber`) : i + 1;
    if (!Number.isNaN(lineNo) && (!Number.isInteger(lineNo) || lineNo < 1)) errors.push(`ItemOut ${i + 1}: lineNumber must be a whole number from 1`);
    if (seen.has(lineNo)) errors.push(`ItemOut ${i + 1}: line ${lineNo} appears twice`);
    seen.add(lineNo);
    const quantity = number(attrOf(item, 'quantity'), `Line ${lineNo} quantity`);
    if (quantity <= 0 && type !== 'delete') errors.push(`Line ${lineNo}: quantity must be more than 0`);
    const detail = childOf(item, 'ItemDetail');
    const price = money(childOf(detail, 'UnitPrice'), `Line ${lineNo} UnitPrice`);
    const tax = money(childOf(item, 'Tax'), `Line ${lineNo} Tax`);
    const lineShipTo = placeAddress(childOf(item, 'ShipTo'));
    const shipText = lineShipTo ? addressLine(lineShipTo) : '';
    const comments = [textAt(item, 'Comments')];
    // The order holds one ship-to; a line going elsewhere says where in its comment.
    if (shipText && shipText !== orderShipText) comments.push(`Ship to: ${shipText}`);
    return {
      number: lineNo,
      quantity,
      supplierPartId: textAt(item, 'ItemID/SupplierPartID'),
      description: (at(detail, 'Description')?.text ?? '').trim() || textAt(at(detail, 'Description'), 'ShortName'),
      unitPrice: price?.amount ?? 0,
      currency: price?.currency || currency,
      unitOfMeasure: textAt(detail, 'UnitOfMeasure'),
      tax: tax?.amount ?? 0,
      taxCurrency: tax?.currency || price?.currency || currency,
      comment: comments.filter(Boolean).join('; '),
    };
  });
  if (type !== 'delete' && lines.length === 0) errors.push('The OrderRequest has no ItemOut');
  const documentReference = attrOf(at(header, 'DocumentReference'), 'payloadID').trim() || null;
  if (type !== 'new' && !documentReference) errors.push(`An OrderRequest of type ${type} must name the order's latest version in DocumentReference`);
  if (errors.length > 0) return { errors };

  const contacts = childrenOf(header, 'Contact');
  const buyerContact = contacts.find((c) => ['buyer', 'endUser', 'requester'].includes(attrOf(c, 'role'))) ?? contacts[0] ?? null;
  return {
    order: {
      type: type as OrderRequestType,
      orderId,
      orderDate: new Date(orderDate).toISOString(),
      orderVersion,
      documentReference,
      currency,
      tax: headerTax?.amount ?? null,
      shipTo: orderShipTo,
      billTo: placeAddress(childOf(header, 'BillTo')) ?? emptyAddress(),
      contact: personAddress(buyerContact) ?? emptyAddress(),
      comments: textAt(header, 'Comments'),
      lines,
    },
  };
}
