import type { Kysely } from 'kysely';

/** An ASN's packages (cartons, pallets, their SSCCs and lines) as JSON beside it, read and written whole with the ASN. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asns').addColumn('packages', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asns').dropColumn('packages').execute();
}
