import { sql } from 'kysely';
import type { Address, Order, OrderLine, OrderSummary } from '../../src/domain/schemas/orders';
import { EMPTY_ADDRESS, emptyAddress } from '../../src/domain/schemas/orders';
import type { Db } from '../db/database';
import { idList, inIdList } from '../db/id-list';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../sync/change-log';

/**
 * Orders as the API answers them, shared by the GET routes and the changes feed so
 * a mirrored row is exactly what the detail call returns. `side` picks whose read
 * flag the row carries: the supplier's or the buyer's.
 */
export type OrderSide = 'seller' | 'buyer';

export function parseAddress(text: string): Address {
  try {
    return { ...EMPTY_ADDRESS, ...(JSON.parse(text) as Partial<Address>) };
  } catch {
    return emptyAddress();
  }
}

function summaryQuery(db: Tx) {
  return db
    .selectFrom('orders as o')
    .innerJoin('orgs as s', 's.unique_key', 'o.seller_key')
    .innerJoin('orgs as b', 'b.unique_key', 'o.buyer_key')
    .select([
      'o.id',
      'o.order_no',
      'o.order_date',
      'o.state',
      'o.seller_read',
      'o.buyer_read',
      'o.can_export',
      'o.raised_by',
      'o.buyer_key',
      'o.seller_key',
      'o.tax_total',
      'o.tax_total_currency',
      'o.order_total_ext_tax',
      'o.order_total_currency',
      's.name as seller_name',
      'b.name as buyer_name',
    ])
    .where('o.deleted', '=', 0);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow, side: OrderSide): OrderSummary {
  return {
    id: row.id,
    orderNo: row.order_no,
    orderDate: row.order_date,
    state: row.state,
    read: (side === 'seller' ? row.seller_read : row.buyer_read) === 1,
    canExport: row.can_export === 1,
    buyerId: row.buyer_key,
    buyerName: row.buyer_name,
    sellerId: row.seller_key,
    sellerName: row.seller_name,
    raisedBy: row.raised_by,
    taxTotal: Number(row.tax_total),
    taxTotalCurrency: row.tax_total_currency,
    orderTotalExtTax: Number(row.order_total_ext_tax),
    orderTotalCurrency: row.order_total_currency,
  };
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of orders on one side, with or without the order-number filter: four queries, each compiled once. */
function orderPageQuery(side: OrderSide, byNumber: boolean) {
  return preparedQuery((db, v: { orgKey: string; limit: number; offset: number; like?: string }) => {
    let q = summaryQuery(db).where(side === 'seller' ? 'o.seller_key' : 'o.buyer_key', '=', v.orgKey);
    if (byNumber) q = q.where(sql<boolean>`lower(o.order_no) like ${v.like} escape '\\'`);
    return q.orderBy('o.order_date', 'desc').orderBy('o.id', 'desc').limit(v.limit).offset(v.offset);
  });
}

const ORDER_PAGE_QUERIES = {
  seller: { all: orderPageQuery('seller', false), byNumber: orderPageQuery('seller', true) },
  buyer: { all: orderPageQuery('buyer', false), byNumber: orderPageQuery('buyer', true) },
};

/** One page of an organisation's orders, newest first. */
export async function listOrders(
  db: Db,
  side: OrderSide,
  orgKey: string,
  page: { offset: number; limit: number; orderNumberLike?: string | undefined },
): Promise<OrderSummary[]> {
  const queries = ORDER_PAGE_QUERIES[side];
  const values = { orgKey, limit: page.limit, offset: page.offset };
  const rows = page.orderNumberLike
    ? await queries.byNumber(db, { ...values, like: likePattern(page.orderNumberLike) })
    : await queries.all(db, values);
  return rows.map((r) => toSummary(r, side));
}

/** Orders by id on one side, with their addresses: one query for any number of ids. */
function ordersByIdQuery(side: OrderSide) {
  return preparedQuery((db, v: { ids: unknown; orgKey: string }) =>
    summaryQuery(db)
      .select(['o.contact', 'o.bill_to', 'o.ship_to'])
      .where(inIdList(db, 'o.id', v.ids))
      .where(side === 'seller' ? 'o.seller_key' : 'o.buyer_key', '=', v.orgKey),
  );
}

const ORDERS_BY_ID = { seller: ordersByIdQuery('seller'), buyer: ordersByIdQuery('buyer') };

const linesOfOrders = preparedQuery((db, v: { ids: unknown }) =>
  db.selectFrom('order_lines').selectAll().where(inIdList(db, 'order_id', v.ids)).orderBy('order_id').orderBy('number'),
);

/** Full orders (addresses and lines) by id, limited to those the organisation is a party to on that side. */
export async function loadOrders(db: Tx, side: OrderSide, orgKey: string, ids: number[]): Promise<Map<number, Order>> {
  const out = new Map<number, Order>();
  if (ids.length === 0) return out;
  const rows = await ORDERS_BY_ID[side](db, { ids: idList(db, ids), orgKey });
  if (rows.length === 0) return out;
  const lines = await linesOfOrders(db, { ids: idList(db, rows.map((r) => r.id)) });
  const linesByOrder = new Map<number, OrderLine[]>();
  for (const l of lines) {
    const list = linesByOrder.get(l.order_id) ?? [];
    list.push({
      id: l.id,
      number: l.number,
      supplierProductCode: l.supplier_product_code,
      description: l.description,
      quantity: Number(l.quantity),
      uom: l.uom,
      unitPrice: Number(l.unit_price),
      priceCurreny: l.price_currency,
      taxLine: Number(l.tax_line),
      taxLineCurrency: l.tax_line_currency,
      lineComment: l.line_comment,
      freeText: l.free_text === 1,
    });
    linesByOrder.set(l.order_id, list);
  }
  for (const r of rows) {
    out.set(r.id, {
      ...toSummary(r, side),
      contact: parseAddress(r.contact),
      billTo: parseAddress(r.bill_to),
      shipTo: parseAddress(r.ship_to),
      lines: linesByOrder.get(r.id) ?? [],
    });
  }
  return out;
}

export async function loadOrder(db: Tx, side: OrderSide, orgKey: string, id: number): Promise<Order | null> {
  return (await loadOrders(db, side, orgKey, [id])).get(id) ?? null;
}
