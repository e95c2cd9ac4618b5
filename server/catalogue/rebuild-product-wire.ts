import type { Db } from '../db/database';
import { groupBy } from '../sync/group-by';
import { fillWire, PRODUCT_COLUMNS, pricesWire, productWire } from './products';

/** Rows rewritten per step: one read and one statement each, a bounded amount of memory. */
const STEP = 1_000;

/**
 * Writes every product's wire JSON, prices JSON and fill row again from its columns and its
 * seller prices: for rows written before the columns existed, and for any later change
 * of what that JSON holds (`toProduct`, `toSellerPrice`), whose migration calls this so
 * no page serves the old shape. `fill: false` for the migration that ran before the
 * fill row existed (0016).
 */
export async function rebuildProductWire(db: Db, { fill = true }: { fill?: boolean } = {}): Promise<number> {
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
      for (const [seller, own] of groupBy(rows, (r) => r.seller_key)) {
        const prices = await tx
          .selectFrom('seller_prices')
          .select(['product_code', 'uom', 'lower_quantity', 'upper_quantity', 'price', 'start_date', 'currency'])
          .where('seller_key', '=', seller)
          .where('product_code', 'in', own.map((r) => r.product_code))
          .orderBy('id')
          .execute();
        const byProduct = groupBy(prices, (p) => p.product_code);
        for (const row of own) {
          const prices = byProduct.get(row.product_code) ?? [];
          await tx
            .updateTable('products')
            .set({ wire: productWire(row), prices_wire: pricesWire(prices), ...(fill ? { fill_wire: fillWire(row, prices) } : {}) })
            .where('id', '=', row.id)
            .execute();
        }
      }
    };
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
    rewritten += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
