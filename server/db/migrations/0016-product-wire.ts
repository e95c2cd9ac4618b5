import type { Kysely } from 'kysely';
import { rebuildProductWire } from '../../catalogue/rebuild-product-wire';
import type { Db } from '../database';

/** Each product's wire JSON (catalogue/products.ts productWire), made once when it is written instead of on every page read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('wire', 'text', (c) => c.notNull().defaultTo('')).execute();
  await rebuildProductWire(db as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('wire').execute();
}
