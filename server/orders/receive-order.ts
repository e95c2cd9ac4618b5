import type { Insertable, Selectable } from 'kysely';
import { roundMoney } from '../../src/domain/money';
import { remainingQuantities, roundQuantity } from '../../src/domain/remaining-quantities';
import { UNECE_REC20, isStandardUom } from '../../src/domain/uom';
import { uomMappingRows } from '../catalogue/products';
import { isPostgres } from '../db/database';
import { preparedQuery, preparedRowsQuery } from '../db/prepared-query';
import type { OrderLinesTable, OrderTables } from '../db/tables/orders';
import type { InboundOrder, InboundOrderLine } from '../edi/inbound/order-request';
import { rematchInvoicesOfOrder } from '../invoices/match-invoice';
import { writeHistory } from '../history';
import { recordChange, type Scope, type Tx } from '../sync/change-log';
import { shippedLinesOfOrder } from './asn-rows';

/**
 * The order service: the one way an order is created, replaced by a newer version or
 * cancelled, from the buyer's OrderRequest (the /cxml endpoint and the demo seed alike).
 * Every change goes through recordOrderChange: the revision for both sides' feeds, the
 * history entry, and unread again for the supplier.
 */

export interface OrderParties {
  sellerKey: string;
  buyerKey: string;
  /** Who the history names: the buyer organisation's name. */
  buyerName: string;
}

export type ReceiveOutcome =
  | { ok: true; orderId: number; text: string }
  | { ok: false; status: 409; text: string };

interface OrderRow {
  id: number;
  state: string;
  order_version: number;
  payload_id: string;
}

/** An order line as the service writes it. */
type LineRow = Omit<Selectable<OrderLinesTable>, 'id' | 'order_id'>;

const ORDER_STATE_CANCELLED = 'Cancelled';

// Compiled once per kind of database (prepared-query.ts): each OrderRequest runs these.
const orderOfParties = preparedQuery((db, v: { sellerKey: string; buyerKey: string; orderNo: string }) =>
  db
    .selectFrom('orders')
    .select(['id', 'state', 'order_version', 'payload_id'])
    .where('seller_key', '=', v.sellerKey)
    .where('buyer_key', '=', v.buyerKey)
    .where('order_no', '=', v.orderNo)
    .where('deleted', '=', 0)
    .$if(isPostgres(db), (q) => q.forUpdate()),
);

const markOrderChanged = preparedQuery((db, v: { rev: number; id: number }) =>
  db.updateTable('orders').set({ rev: v.rev, seller_read: 0 }).where('id', '=', v.id),
);

type NewOrderValues = ReturnType<typeof headerValues> & Pick<Insertable<OrderTables['orders']>, 'order_no' | 'seller_key' | 'buyer_key' | 'order_version' | 'payload_id'>;

/** A new order, unread by the supplier; its revision is set by recordOrderChange. */
const insertOrder = preparedQuery((db, v: NewOrderValues) =>
  db
    .insertInto('orders')
    .values({
      order_date: v.order_date,
      raised_by: v.raised_by,
      tax_total: v.tax_total,
      tax_total_currency: v.tax_total_currency,
      order_total_ext_tax: v.order_total_ext_tax,
      order_total_currency: v.order_total_currency,
      contact: v.contact,
      bill_to: v.bill_to,
      ship_to: v.ship_to,
      order_no: v.order_no,
      seller_key: v.seller_key,
      buyer_key: v.buyer_key,
      order_version: v.order_version,
      payload_id: v.payload_id,
      state: 'New',
      seller_read: 0,
      buyer_read: 1,
      can_export: 1,
      rev: 0,
      deleted: 0,
    })
    .returning('id'),
);

/** The order, locked for the rest of the transaction under PostgreSQL (SQLite has one writer). */
async function lockOrder(trx: Tx, parties: OrderParties, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await orderOfParties(trx, { sellerKey: parties.sellerKey, buyerKey: parties.buyerKey, orderNo });
  return row;
}

/** The supplier's own code of each standard unit (its UOM mapping). */
async function supplierUnits(trx: Tx, sellerKey: string): Promise<Map<string, string>> {
  const rows = await uomMappingRows(trx, { sellerKey });
  return new Map(rows.map((r) => [r.standard_unit, r.code]));
}

const STANDARD_OF_REC20 = new Map(Object.entries(UNECE_REC20).map(([standard, rec20]) => [rec20, standard]));

/** A Rec 20 code as the supplier's own code through its UOM mapping; kept as sent where none applies. */
export function supplierUnit(sent: string, mapping: ReadonlyMap<string, string>): string {
  const code = sent.trim().toUpperCase();
  const standard = STANDARD_OF_REC20.get(code) ?? (isStandardUom(code) ? code : null);
  return (standard && mapping.get(standard)) || sent.trim();
}

/** Each chunk of an order's product codes asks the catalogue once. */
const CODES_CHUNK = 500;

const codesInCatalogue = preparedRowsQuery((db, codes: Array<{ code: string }>, v: { sellerKey: string }) =>
  db
    .selectFrom('products')
    .select('product_code')
    .where('seller_key', '=', v.sellerKey)
    .where(
      'product_code',
      'in',
      codes.map((c) => c.code),
    )
    .where('deleted', '=', 0),
);

async function catalogueCodes(trx: Tx, sellerKey: string, codes: string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.filter(Boolean))].map((code) => ({ code }));
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += CODES_CHUNK) {
    for (const r of await codesInCatalogue(trx, wanted.slice(i, i + CODES_CHUNK), { sellerKey })) found.add(r.product_code);
  }
  return found;
}

async function lineRows(trx: Tx, sellerKey: string, lines: InboundOrderLine[]): Promise<LineRow[]> {
  const [units, known] = [await supplierUnits(trx, sellerKey), await catalogueCodes(trx, sellerKey, lines.map((l) => l.supplierPartId))];
  return lines.map((l) => ({
    number: l.number,
    supplier_product_code: l.supplierPartId,
    description: l.description,
    quantity: roundQuantity(l.quantity),
    uom: supplierUnit(l.unitOfMeasure, units),
    unit_price: l.unitPrice,
    price_currency: l.currency,
    tax_line: roundMoney(l.tax),
    tax_line_currency: l.taxCurrency,
    line_comment: l.comment,
    // Real orders carry items outside the catalogue: accepted, and marked so.
    free_text: known.has(l.supplierPartId) ? 0 : 1,
  }));
}

/** A buyer's contact names the person; the organisation at its postal address is the buyer. */
function contactOf(order: InboundOrder, parties: OrderParties) {
  const c = order.contact;
  return c.postalAddressName || !c.postalAddressStreet ? c : { ...c, postalAddressName: parties.buyerName };
}

function headerValues(order: InboundOrder, parties: OrderParties, lines: LineRow[]) {
  const net = roundMoney(lines.reduce((sum, l) => sum + l.quantity * l.unit_price, 0));
  const tax = roundMoney(order.tax ?? lines.reduce((sum, l) => sum + l.tax_line, 0));
  return {
    order_date: order.orderDate,
    raised_by: order.contact.name,
    tax_total: tax,
    tax_total_currency: order.currency,
    order_total_ext_tax: net,
    order_total_currency: order.currency,
    contact: JSON.stringify(contactOf(order, parties)),
    bill_to: JSON.stringify(order.billTo),
    ship_to: JSON.stringify(order.shipTo),
  };
}

/** Lines go in by multi-row inserts of at most this many: a shape compiled once per size (preparedRowsQuery). */
const LINES_CHUNK = 200;

const insertLineRows = preparedRowsQuery((db, lines: LineRow[], v: { orderId: number }) =>
  db.insertInto('order_lines').values(
    lines.map((l) => ({
      order_id: v.orderId,
      number: l.number,
      supplier_product_code: l.supplier_product_code,
      description: l.description,
      quantity: l.quantity,
      uom: l.uom,
      unit_price: l.unit_price,
      price_currency: l.price_currency,
      tax_line: l.tax_line,
      tax_line_currency: l.tax_line_currency,
      line_comment: l.line_comment,
      free_text: l.free_text,
    })),
  ),
);

async function insertLines(trx: Tx, orderId: number, lines: LineRow[]): Promise<void> {
  for (let i = 0; i < lines.length; i += LINES_CHUNK) await insertLineRows(trx, lines.slice(i, i + LINES_CHUNK), { orderId });
}

/** An order is mirrored to both its organisations. */
export function orderScopes(sellerKey: string, buyerKey: string): Scope[] {
  return [
    { kind: 'seller', orgKey: sellerKey },
    { kind: 'buyer', orgKey: buyerKey },
  ];
}

/**
 * Records a change of an order that both sides can see: a new revision in both feeds,
 * unread again for the supplier, and the history entry. Every writer of orders in this
 * service ends here; a service that must follow order changes (invoice matching) hooks in here.
 */
async function recordOrderChange(
  trx: Tx,
  orderId: number,
  parties: OrderParties,
  entry: { type: string; action: string; description: string },
): Promise<void> {
  const rev = await recordChange(trx, { entity: 'order', key: String(orderId), op: 'upsert', scopes: orderScopes(parties.sellerKey, parties.buyerKey) });
  await markOrderChanged(trx, { rev, id: orderId });
  await writeHistory(trx, parties.buyerName, { orgKey: parties.sellerKey, entity: 'order', entityKey: String(orderId), ...entry });
  // Invoices quoting the order are matched again: an invoice may have come before its order, or the order changed under it.
  await rematchInvoicesOfOrder(trx, orderId, 'Order updated');
}

const lineWord = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/** The state an order's shipments leave it in: its own when nothing was shipped yet. */
async function stateAfterLines(trx: Tx, order: OrderRow, lines: LineRow[]): Promise<string> {
  const shipped = await shippedLinesOfOrder(trx, order.id);
  if (shipped.every((a) => a.lines.length === 0)) return order.state;
  const left = remainingQuantities(lines, shipped);
  return [...left.values()].every((q) => q <= 0) ? 'Shipped' : 'Partially Shipped';
}

function describeChanges(before: LineRow[], after: LineRow[]): string[] {
  const old = new Map(before.map((l) => [l.number, l]));
  const out: string[] = [];
  for (const l of after) {
    const was = old.get(l.number);
    old.delete(l.number);
    if (!was) {
      out.push(`line ${l.number} added (${l.quantity} ${l.uom} ${l.supplier_product_code || l.description})`);
      continue;
    }
    const changes: string[] = [];
    if (Number(was.quantity) !== l.quantity || was.uom !== l.uom) changes.push(`quantity ${Number(was.quantity)} ${was.uom} -> ${l.quantity} ${l.uom}`);
    if (Number(was.unit_price) !== l.unit_price) changes.push(`unit price ${Number(was.unit_price)} -> ${l.unit_price}`);
    if (was.supplier_product_code !== l.supplier_product_code) changes.push(`product ${was.supplier_product_code} -> ${l.supplier_product_code}`);
    if (was.description !== l.description) changes.push('description');
    if (was.line_comment !== l.line_comment) changes.push('comment');
    if (Number(was.tax_line) !== l.tax_line) changes.push(`tax ${Number(was.tax_line)} -> ${l.tax_line}`);
    if (changes.length) out.push(`line ${l.number}: ${changes.join(', ')}`);
  }
  for (const l of old.values()) out.push(`line ${l.number} removed`);
  return out;
}

function staleVersion(orderNo: string, row: OrderRow): ReceiveOutcome {
  return {
    ok: false,
    status: 409,
    text: `Order ${orderNo} is at version ${row.order_version}, payloadID ${row.payload_id}: an update or delete must name it in DocumentReference`,
  };
}

/** Applies one OrderRequest (new, update or delete) of the buyer to the supplier. */
export async function receiveOrder(trx: Tx, parties: OrderParties, payloadId: string, order: InboundOrder): Promise<ReceiveOutcome> {
  const existing = await lockOrder(trx, parties, order.orderId);
  if (order.type === 'new') {
    if (existing) {
      return { ok: false, status: 409, text: `Order ${order.orderId} exists already (version ${existing.order_version}, payloadID ${existing.payload_id}): send an update` };
    }
    const lines = await lineRows(trx, parties.sellerKey, order.lines);
    const [inserted] = await insertOrder(trx, {
      ...headerValues(order, parties, lines),
      order_no: order.orderId,
      seller_key: parties.sellerKey,
      buyer_key: parties.buyerKey,
      order_version: order.orderVersion,
      payload_id: payloadId,
    });
    if (!inserted) throw new Error(`order ${order.orderId} was not inserted`);
    await insertLines(trx, inserted.id, lines);
    const free = lines.filter((l) => l.free_text === 1).length;
    await recordOrderChange(trx, inserted.id, parties, {
      type: 'RECEIVED',
      action: 'Received',
      // The entry's user is the buyer and its entity the order: the description keeps to what arrived, short enough for a drawer on a tablet.
      description: `${lineWord(lines.length)}${free ? `, ${free} not in the catalogue` : ''}`,
    });
    return { ok: true, orderId: inserted.id, text: `Order ${order.orderId} received` };
  }

  if (!existing) return { ok: false, status: 409, text: `Order ${order.orderId} is unknown: send it as a new OrderRequest first` };
  if (order.documentReference !== existing.payload_id) return staleVersion(order.orderId, existing);
  if (existing.state === ORDER_STATE_CANCELLED) return { ok: false, status: 409, text: `Order ${order.orderId} is cancelled` };

  if (order.type === 'delete') {
    await trx
      .updateTable('orders')
      .set({ state: ORDER_STATE_CANCELLED, can_export: 0, order_version: Math.max(order.orderVersion, existing.order_version), payload_id: payloadId })
      .where('id', '=', existing.id)
      .execute();
    await recordOrderChange(trx, existing.id, parties, {
      type: 'CANCELLED',
      action: 'Cancelled by the buyer',
      description: `Order ${order.orderId} cancelled by ${parties.buyerName}`,
    });
    return { ok: true, orderId: existing.id, text: `Order ${order.orderId} cancelled` };
  }

  if (order.orderVersion <= existing.order_version) {
    return { ok: false, status: 409, text: `Order ${order.orderId} is at version ${existing.order_version}: an update must carry a higher orderVersion` };
  }
  const before = await trx
    .selectFrom('order_lines')
    .select(['number', 'supplier_product_code', 'description', 'quantity', 'uom', 'unit_price', 'price_currency', 'tax_line', 'tax_line_currency', 'line_comment', 'free_text'])
    .where('order_id', '=', existing.id)
    .orderBy('number')
    .execute();
  const lines = await lineRows(trx, parties.sellerKey, order.lines);
  await trx.deleteFrom('order_lines').where('order_id', '=', existing.id).execute();
  await insertLines(trx, existing.id, lines);
  // ASNs already submitted stay: the state follows what is left to ship of the new lines.
  const state = await stateAfterLines(trx, existing, lines);
  await trx
    .updateTable('orders')
    .set({ ...headerValues(order, parties, lines), state, order_version: order.orderVersion, payload_id: payloadId })
    .where('id', '=', existing.id)
    .execute();
  const changes = describeChanges(before, lines);
  await recordOrderChange(trx, existing.id, parties, {
    type: 'UPDATED',
    action: `Updated to version ${order.orderVersion}`,
    description: changes.length ? changes.join('; ') : 'No line changed',
  });
  return { ok: true, orderId: existing.id, text: `Order ${order.orderId} updated to version ${order.orderVersion}` };
}
