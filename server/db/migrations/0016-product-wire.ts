import type { Kysely } from 'kysely';
import { rebuildProductWire } from '../../catalogue/rebuild-product-wire';
import type { Db } from '../database';

/**
 * Each product's wire JSON and its prices' (catalogue/products.ts productWire,
 * pricesWire), made once when they are written instead of on every page read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('wire', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('prices_wire', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await rebuildProductWire(db as Db, { fill: false });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('prices_wire').execute();
  await db.schema.alterTable('products').dropColumn('wire').execute();
}
