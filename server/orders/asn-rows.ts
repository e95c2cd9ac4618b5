import type { Asn } from '../../src/domain/schemas/asn';
import { asnPackagesSchema, type AsnPackage } from '../../src/domain/schemas/asn-packages';
import { RECEIPT_REASONS, type AsnReceipt, type ReceiptReason } from '../../src/domain/schemas/asn-receipts';
import type { Db } from '../db/database';
import { idList, inIdList } from '../db/id-list';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../sync/change-log';
import { parseAddress, type OrderSide } from './order-rows';

/** ASNs as the API answers them; the GET routes and the changes feed share this shape. */

/** The stored packages; a row the column was added to reads as none. */
function parsePackages(json: string): AsnPackage[] {
  try {
    const parsed = asnPackagesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function asnQuery(db: Tx) {
  return db.selectFrom('asns').selectAll().where('deleted', '=', 0);
}

type AsnRow = Awaited<ReturnType<ReturnType<typeof asnQuery>['execute']>>[number];

const linesOfAsns = preparedQuery((db, v: { ids: unknown }) =>
  db.selectFrom('asn_lines').selectAll().where(inIdList(db, 'asn_id', v.ids)).orderBy('asn_id').orderBy('number'),
);

const receiptsOfAsns = preparedQuery((db, v: { ids: unknown }) =>
  db.selectFrom('asn_receipts').selectAll().where(inIdList(db, 'asn_id', v.ids)).orderBy('asn_id').orderBy('number'),
);

/** The catalogue's barcodes of the products the lines of these ASNs ship (through the order line's product code). */
const barcodesOfAsns = preparedQuery((db, v: { ids: unknown }) =>
  db
    .selectFrom('asn_lines as l')
    .innerJoin('asns as a', 'a.id', 'l.asn_id')
    .innerJoin('order_lines as ol', (join) => join.onRef('ol.order_id', '=', 'a.order_id').onRef('ol.number', '=', 'l.number'))
    .innerJoin('products as p', (join) => join.onRef('p.seller_key', '=', 'a.seller_key').onRef('p.product_code', '=', 'ol.supplier_product_code'))
    .select(['l.asn_id', 'l.number', 'p.barcodes'])
    .where(inIdList(db, 'l.asn_id', v.ids))
    .where('p.deleted', '=', 0),
);

async function barcodesByLine(db: Tx, ids: unknown): Promise<Map<string, string[]>> {
  const byLine = new Map<string, string[]>();
  for (const r of await barcodesOfAsns(db, { ids })) {
    // Written by the catalogue's writers as [{uom, code, type}] (server/catalogue/products.ts).
    const codes = [...new Set((JSON.parse(r.barcodes) as Array<{ code: string }>).map((b) => b.code))];
    if (codes.length > 0) byLine.set(`${r.asn_id}:${r.number}`, codes);
  }
  return byLine;
}

const asReason = (reason: string | null): ReceiptReason | null => RECEIPT_REASONS.find((r) => r === reason) ?? null;

async function receiptsByAsn(db: Tx, ids: unknown): Promise<Map<number, AsnReceipt[]>> {
  const byAsn = new Map<number, AsnReceipt[]>();
  for (const r of await receiptsOfAsns(db, { ids })) {
    const list = byAsn.get(r.asn_id) ?? [];
    list.push({ number: r.number, quantity: Number(r.quantity), reason: asReason(r.reason), receivedAt: r.received_at, receivedBy: r.received_by });
    byAsn.set(r.asn_id, list);
  }
  return byAsn;
}

async function withLines(db: Tx, rows: AsnRow[]): Promise<Asn[]> {
  if (rows.length === 0) return [];
  const ids = idList(db, rows.map((r) => r.id));
  // Three reads of the same ids, sent together: on PostgreSQL each is a round trip, answered side by side.
  const [lines, receipts, barcodes] = await Promise.all([linesOfAsns(db, { ids }), receiptsByAsn(db, ids), barcodesByLine(db, ids)]);
  const byAsn = new Map<number, Asn['lines']>();
  for (const l of lines) {
    const list = byAsn.get(l.asn_id) ?? [];
    const codes = barcodes.get(`${l.asn_id}:${l.number}`);
    list.push({ number: l.number, quantity: Number(l.quantity), uom: l.uom, ...(codes ? { barcodes: codes } : {}) });
    byAsn.set(l.asn_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    shipmentId: r.shipment_id,
    createdDate: r.created_date,
    noticeDate: r.notice_date,
    deliveryDate: r.delivery_date,
    shipmentDate: r.shipment_date,
    carrierName: r.carrier_name,
    trackingId: r.tracking_id,
    shipFrom: parseAddress(r.ship_from),
    shipTo: parseAddress(r.ship_to),
    lines: byAsn.get(r.id) ?? [],
    packages: parsePackages(r.packages),
    receipts: receipts.get(r.id) ?? [],
    orderNumber: r.order_number,
    orderId: r.order_id,
    sellerId: r.seller_key,
    buyerId: r.buyer_key,
    exported: r.exported === 1,
    waitingForAction: r.waiting_for_action === 1,
    state: r.state === 'DRAFT' ? 'DRAFT' : 'SUBMITTED',
  }));
}

const sideColumn = (side: OrderSide) => (side === 'seller' ? 'seller_key' : 'buyer_key');

/** ASNs by id on one side: one query for any number of ids. */
const asnsByIdQuery = (side: OrderSide) =>
  preparedQuery((db, v: { ids: unknown; orgKey: string }) => asnQuery(db).where(inIdList(db, 'id', v.ids)).where(sideColumn(side), '=', v.orgKey));
const ASNS_BY_ID = { seller: asnsByIdQuery('seller'), buyer: asnsByIdQuery('buyer') };

/** One page of an organisation's ASNs, newest first, optionally of one order number. */
export async function listAsns(
  db: Db,
  side: OrderSide,
  orgKey: string,
  page: { offset: number; limit: number; orderNumber?: string | undefined },
): Promise<Asn[]> {
  let q = asnQuery(db).where(sideColumn(side), '=', orgKey);
  if (page.orderNumber) q = q.where('order_number', '=', page.orderNumber);
  const rows = await q.orderBy('created_date', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return withLines(db, rows);
}

export async function loadAsns(db: Tx, side: OrderSide, orgKey: string, ids: number[]): Promise<Map<number, Asn>> {
  if (ids.length === 0) return new Map();
  const rows = await ASNS_BY_ID[side](db, { ids: idList(db, ids), orgKey });
  return new Map((await withLines(db, rows)).map((a) => [a.id, a]));
}

export async function loadAsn(db: Tx, side: OrderSide, orgKey: string, id: number): Promise<Asn | null> {
  return (await loadAsns(db, side, orgKey, [id])).get(id) ?? null;
}

/** The submitted ASNs of one order: what the remaining quantities are counted against. */
export async function shippedLinesOfOrder(db: Tx, orderId: number): Promise<Array<{ lines: Array<{ number: number; quantity: number }> }>> {
  const lines = await db
    .selectFrom('asn_lines as l')
    .innerJoin('asns as a', 'a.id', 'l.asn_id')
    .select(['l.number', 'l.quantity'])
    .where('a.order_id', '=', orderId)
    .where('a.deleted', '=', 0)
    .where('a.state', '=', 'SUBMITTED')
    .execute();
  return [{ lines: lines.map((l) => ({ number: l.number, quantity: Number(l.quantity) })) }];
}

/**
 * The submitted ASNs of one order with what the buyer received of their lines: what the
 * 3-way match compares invoices with (src/domain/rules/asn-receipts.ts).
 */
export async function receivedLinesOfOrder(db: Tx, orderId: number) {
  const rows = await db
    .selectFrom('asn_lines as l')
    .innerJoin('asns as a', 'a.id', 'l.asn_id')
    .leftJoin('asn_receipts as r', (join) => join.onRef('r.asn_id', '=', 'l.asn_id').onRef('r.number', '=', 'l.number'))
    .select(['l.asn_id', 'l.number', 'l.quantity', 'r.quantity as received'])
    .where('a.order_id', '=', orderId)
    .where('a.deleted', '=', 0)
    .where('a.state', '=', 'SUBMITTED')
    .execute();
  const byAsn = new Map<number, { lines: Array<{ number: number; quantity: number }>; receipts: Array<{ number: number; quantity: number }> }>();
  for (const r of rows) {
    const asn = byAsn.get(r.asn_id) ?? { lines: [], receipts: [] };
    asn.lines.push({ number: r.number, quantity: Number(r.quantity) });
    if (r.received !== null) asn.receipts.push({ number: r.number, quantity: Number(r.received) });
    byAsn.set(r.asn_id, asn);
  }
  return [...byAsn.values()];
}
