import type { Db } from '../db/database';
import { PRODUCT_COLUMNS, productWire } from './products';

/** Rows rewritten per step: one read and one statement each, a bounded amount of memory. */
const STEP = 1_000;

/**
 * Writes every product's wire JSON again from its columns: for rows written before the
 * column existed, and for any later change of what a product's JSON holds
 * (`toProduct`), whose migration calls this so no page serves the old shape.
 */
export async function rebuildProductWire(db: Db): Promise<number> {
  let after = 0;
  let rewritten = 0;
  for (;;) {
    const rows = await db
      .selectFrom('products')
      .select(['id', ...PRODUCT_COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(STEP)
      .execute();
    if (rows.length === 0) return rewritten;
    // One transaction a step: SQLite commits each statement on its own otherwise (PostgreSQL runs migrations in one already).
    const write = async (tx: Db) => {
      for (const row of rows) await tx.updateTable('products').set({ wire: productWire(row) }).where('id', '=', row.id).execute();
    };
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
    rewritten += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
