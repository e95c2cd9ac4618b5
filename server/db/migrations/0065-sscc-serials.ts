import type { Kysely } from 'kysely';

/** The per-supplier SSCC serial counter (server/orders/sscc-serials.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sscc_serials')
    .addColumn('seller_key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('next_serial', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sscc_serials').execute();
}
