import type { Kysely } from 'kysely';

/**
 * The General errors only the intake can raise on an invoice (a sender that matches a
 * sender source but failed DKIM and SPF), kept apart from the document: an invoice
 * without a readable document has none to carry them, and re-extraction replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('intake_errors', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('intake_errors').execute();
}
