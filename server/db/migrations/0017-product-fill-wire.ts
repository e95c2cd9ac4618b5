import type { Kysely } from 'kysely';
import { rebuildProductWire } from '../../catalogue/rebuild-product-wire';
import type { Db } from '../database';

/** Each product's row of a fill chunk (catalogue/products.ts fillWire), made when it is written instead of on every fill. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('fill_wire', 'text', (c) => c.notNull().defaultTo('')).execute();
  await rebuildProductWire(db as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('fill_wire').execute();
}
