import type { Kysely } from 'kysely';

/**
 * The invoices quoting an order, oldest first, are looked up every time an order comes in
 * or changes (to match them again). Over (buyer, PO number) alone the planner preferred
 * the buyer's invoices in date order, walking all of them to find one order's; with the
 * state and the order of the answer in the index, the look-up reads only that order's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_buyer_po').execute();
  await db.schema.createIndex('invoices_buyer_po_created').on('invoices').columns(['buyer_key', 'po_number', 'deleted', 'created_at', 'oiid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_buyer_po_created').execute();
  await db.schema.createIndex('invoices_buyer_po').on('invoices').columns(['buyer_key', 'po_number']).execute();
}
