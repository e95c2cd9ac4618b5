import type { Generated } from 'kysely';

/**
 * Purchase orders and advance ship notices. Orders name both organisations by their
 * unique key, so every query is bounded by the path's organisation. Addresses are
 * JSON text holding the spec's Address fields.
 */
interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  seller_key: string;
  buyer_key: string;
  order_date: string;
  state: string;
  /** Each side has its own read flag: the supplier opening an order does not make it read for the buyer. */
  seller_read: number;
  buyer_read: number;
  can_export: number;
  raised_by: string;
  tax_total: number;
  tax_total_currency: string;
  order_total_ext_tax: number;
  order_total_currency: string;
  contact: string;
  bill_to: string;
  ship_to: string;
  /** The buyer's orderVersion of the latest OrderRequest applied (1 for a new order). */
  order_version: Generated<number>;
  /** The payloadID of that OrderRequest: an update or delete must name it. */
  payload_id: Generated<string>;
  rev: number;
  deleted: number;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  number: number;
  supplier_product_code: string;
  description: string;
  quantity: number;
  uom: string;
  unit_price: number;
  price_currency: string;
  tax_line: number;
  tax_line_currency: string;
  line_comment: string;
  /** 1 when the product code is not in the supplier's catalogue (a free-text line). */
  free_text: Generated<number>;
}

interface AsnsTable {
  id: Generated<number>;
  shipment_id: string;
  seller_key: string;
  buyer_key: string;
  order_id: number;
  order_number: string;
  state: string;
  created_date: string;
  notice_date: string;
  delivery_date: string;
  shipment_date: string;
  carrier_name: string;
  tracking_id: string;
  ship_from: string;
  ship_to: string;
  exported: number;
  waiting_for_action: number;
  /** The packages (JSON, src/domain/schemas/asn-packages.ts), added by migration 0070. */
  packages: Generated<string>;
  rev: number;
  deleted: number;
}

interface AsnLinesTable {
  id: Generated<number>;
  asn_id: number;
  number: number;
  quantity: number;
  uom: string;
}

/** What the buyer received of one ASN line (migration 0075); `reason` SHORT or DAMAGED when less than shipped, OVER when more. */
interface AsnReceiptsTable {
  id: Generated<number>;
  asn_id: number;
  number: number;
  quantity: number;
  reason: string | null;
  received_at: string;
  received_by: string;
}

export interface OrderTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  asns: AsnsTable;
  asn_lines: AsnLinesTable;
  asn_receipts: AsnReceiptsTable;
}
