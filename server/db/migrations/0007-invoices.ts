import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('invoices'), 'oiid')
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('supplier_key', 'text')
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ve_status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('supplier_name', 'text')
    .addColumn('supplier_code', 'text')
    .addColumn('document', 'text')
    .addColumn('message_subject', 'text', (c) => c.notNull())
    .addColumn('message_sender_email', 'text', (c) => c.notNull())
    .addColumn('message_created_date', 'text', (c) => c.notNull())
    .addColumn('message_recipients', 'text', (c) => c.notNull())
    .addColumn('message_html_body', 'text')
    .addColumn('pdf_key', 'text')
    .addColumn('pdf_source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The list pages newest first per buyer, with or without the veStatus filter.
  await db.schema.createIndex('invoices_buyer_created').on('invoices').columns(['buyer_key', 'deleted', 'created_at', 'oiid']).execute();
  await db.schema
    .createIndex('invoices_buyer_status_created')
    .on('invoices')
    .columns(['buyer_key', 'deleted', 've_status', 'created_at', 'oiid'])
    .execute();
  await db.schema.createIndex('invoices_rev').on('invoices').column('rev').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
}
