import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

/** The invoice intake: messages as they came in and their attachments (server/db/tables/intake.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('intake_messages'), 'id')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('receiving_code', 'text')
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('helo', 'text')
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('invoice_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Both dialects let any number of rows hold a null key: a mail's key is set once parsed.
  await db.schema.createIndex('intake_messages_dedupe').on('intake_messages').columns(['buyer_key', 'dedupe_key']).unique().execute();
  await withId(db, db.schema.createTable('intake_attachments'), 'id')
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('oiid', 'integer')
    .execute();
  await db.schema.createIndex('intake_attachments_message').on('intake_attachments').column('message_id').execute();
  await db.schema.createIndex('intake_attachments_invoice').on('intake_attachments').column('oiid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('intake_attachments').execute();
  await db.schema.dropTable('intake_messages').execute();
}
