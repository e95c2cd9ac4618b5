import type { Asn } from '../../src/domain/schemas/asn';
import type { Order } from '../../src/domain/schemas/orders';
import { loadOrder } from '../orders/order-rows';
import type { Tx } from '../sync/change-log';
import { asnDocument, asnFileName } from './asn-document';
import { invoiceDetailRequestCxml, type InvoiceCxmlInput } from './invoice-cxml';
import { payloadIdFor, storedPayloadId } from './payload-ids';
import { poDocument, poFileName } from './po-document';

export interface ExportedDocument {
  fileName: string;
  content: string;
  /** The document's payloadID: the same however often it is built and sent (payload-ids.ts). */
  payloadId: string;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The exporting organisation's TIMEZONE property (an IANA name), the zone its documents' dates are written in; UTC without one. */
async function timeZoneOf(trx: Tx, orgKey: string): Promise<string> {
  const row = await trx
    .selectFrom('properties as p')
    .innerJoin('orgs as o', 'o.org_no', 'p.org_no')
    .select('p.value')
    .where('o.unique_key', '=', orgKey)
    .where('p.property', '=', 'TIMEZONE')
    .where('p.deleted', '=', 0)
    .orderBy('p.org_property_no', 'desc')
    .executeTakeFirst();
  const zone = row?.value.trim() ?? '';
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The order's OrderRequest, exported by `orgKey`. */
export async function orderRequestDocument(trx: Tx, orgKey: string, order: Order, now = new Date()): Promise<ExportedDocument> {
  const payloadId = await payloadIdFor(trx, 'order', order.id, now);
  return { fileName: poFileName(order), payloadId, content: poDocument(order, { payloadId, now, timeZone: await timeZoneOf(trx, orgKey) }) };
}

/** The ASN's ShipNoticeRequest, referring to its order's OrderRequest. */
export async function shipNoticeDocument(trx: Tx, asn: Asn, now = new Date()): Promise<ExportedDocument> {
  const order = await loadOrder(trx, 'seller', asn.sellerId, asn.orderId);
  if (!order) throw new Error(`The order of ASN ${asn.shipmentId} no longer exists`);
  const shipped = { order, payloadId: await payloadIdFor(trx, 'order', order.id, now) };
  const payloadId = await payloadIdFor(trx, 'asn', asn.id, now);
  return { fileName: asnFileName(asn), payloadId, content: asnDocument(asn, shipped, { payloadId, now, timeZone: await timeZoneOf(trx, asn.sellerId) }) };
}

/** The invoice's InvoiceDetailRequest, exported by its buyer, named `fileName`. */
export async function invoiceDetailDocument(trx: Tx, input: InvoiceCxmlInput, fileName: string, now = new Date()): Promise<ExportedDocument> {
  const payloadId = await payloadIdFor(trx, 'invoice', input.oiid, now);
  const matchedOrder = input.document.referenceSystemId;
  const orderPayloadId = matchedOrder ? await storedPayloadId(trx, 'order', matchedOrder) : null;
  const content = invoiceDetailRequestCxml({ ...input, orderPayloadId }, { payloadId, now, timeZone: await timeZoneOf(trx, input.buyerKey) });
  return { fileName, payloadId, content };
}
