import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('orders'), 'id')
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('seller_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buyer_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('can_export', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raised_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_total', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_total_currency', 'text', (c) => c.notNull())
    .addColumn('order_total_ext_tax', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('order_total_currency', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('bill_to', 'text', (c) => c.notNull())
    .addColumn('ship_to', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The two list orders (newest first per side) and the ASN lookup by order number.
  await db.schema.createIndex('orders_seller_date').on('orders').columns(['seller_key', 'order_date', 'id']).execute();
  await db.schema.createIndex('orders_buyer_date').on('orders').columns(['buyer_key', 'order_date', 'id']).execute();
  await db.schema.createIndex('orders_number').on('orders').columns(['buyer_key', 'seller_key', 'order_no']).unique().execute();

  await withId(db, db.schema.createTable('order_lines'), 'id')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('supplier_product_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'double precision', (c) => c.notNull())
    .addColumn('price_currency', 'text', (c) => c.notNull())
    .addColumn('tax_line', 'double precision', (c) => c.notNull())
    .addColumn('tax_line_currency', 'text', (c) => c.notNull())
    .addColumn('line_comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'number']).execute();

  await withId(db, db.schema.createTable('asns'), 'id')
    .addColumn('shipment_id', 'text', (c) => c.notNull())
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('notice_date', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('shipment_date', 'text', (c) => c.notNull())
    .addColumn('carrier_name', 'text', (c) => c.notNull())
    .addColumn('tracking_id', 'text', (c) => c.notNull())
    .addColumn('ship_from', 'text', (c) => c.notNull())
    .addColumn('ship_to', 'text', (c) => c.notNull())
    .addColumn('exported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waiting_for_action', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('asns_seller').on('asns').columns(['seller_key', 'order_number', 'created_date']).execute();
  await db.schema.createIndex('asns_buyer').on('asns').columns(['buyer_key', 'order_number', 'created_date']).execute();
  await db.schema.createIndex('asns_order').on('asns').column('order_id').execute();
  await db.schema.createIndex('asns_shipment').on('asns').columns(['seller_key', 'buyer_key', 'shipment_id']).unique().execute();

  await withId(db, db.schema.createTable('asn_lines'), 'id')
    .addColumn('asn_id', 'integer', (c) => c.notNull().references('asns.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('asn_lines_asn').on('asn_lines').column('asn_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['asn_lines', 'asns', 'order_lines', 'orders']) await db.schema.dropTable(t).execute();
}
