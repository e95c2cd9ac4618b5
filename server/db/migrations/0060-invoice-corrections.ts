import type { Kysely } from 'kysely';

/**
 * Invoice corrections: the fields a clerk corrected on an invoice, each with the value
 * the extraction read (JSON list; null while nothing was corrected). The document holds
 * the corrected values, which matching and export read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('corrections', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('corrections').execute();
}
