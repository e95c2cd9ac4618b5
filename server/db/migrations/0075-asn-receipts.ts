import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

/** What the buyer received of each line of a submitted ASN (issue 31): one row per ASN line, replaced by a correction. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('asn_receipts'), 'id')
    .addColumn('asn_id', 'integer', (c) => c.notNull().references('asns.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('received_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('asn_receipts_line', ['asn_id', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asn_receipts').execute();
}
