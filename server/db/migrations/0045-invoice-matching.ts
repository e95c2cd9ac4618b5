import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/**
 * Invoice matching: each buyer's settings, and on every invoice the outcome of its last
 * matching run plus the two keys the matching looks invoices up by (the PO number they
 * quote, for the invoices of an order; the supplier's invoice number, for duplicates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_matching_settings')
    .addColumn('org_no', 'integer', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('price_percent', 'double precision', (c) => c.notNull())
    .addColumn('price_amount', 'double precision', (c) => c.notNull())
    .addColumn('quantity_units', 'double precision', (c) => c.notNull())
    .addColumn('quantity_percent', 'double precision', (c) => c.notNull())
    .addColumn('total_percent', 'double precision', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('invoices').addColumn('match_status', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('match_exceptions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('po_number', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('document_number', 'text').execute();
  const field = (name: string) =>
    isPostgres(db) ? sql`trim(cast(document as json) ->> ${name})` : sql`trim(json_extract(document, ${`$.${name}`}))`;
  await sql`update invoices set po_number = ${field('referenceId')}, document_number = ${field('documentId')} where document is not null`.execute(db);
  await db.schema.createIndex('invoices_buyer_po').on('invoices').columns(['buyer_key', 'po_number']).execute();
  await db.schema.createIndex('invoices_buyer_supplier_number').on('invoices').columns(['buyer_key', 'supplier_key', 'document_number']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_buyer_supplier_number').execute();
  await db.schema.dropIndex('invoices_buyer_po').execute();
  for (const column of ['document_number', 'po_number', 'match_exceptions', 'match_status']) {
    await db.schema.alterTable('invoices').dropColumn(column).execute();
  }
  await db.schema.dropTable('invoice_matching_settings').execute();
}
