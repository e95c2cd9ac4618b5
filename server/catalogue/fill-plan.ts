import { sql } from 'kysely';
import type { FillPlan } from '../../src/domain/schemas/product-fill';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../sync/change-log';

/**
 * Every `size`-th live code of a seller in code order (the first included), numbered,
 * with how many there are: the database counts and picks them, so a catalogue of
 * 100,000 products sends 50 rows to the server instead of 100,000 codes to be read,
 * made into objects and dropped (on PostgreSQL, each parsed off the wire too).
 */
const everySizeth = preparedQuery((db, v: { sellerKey: string; size: number }) =>
  db
    .selectFrom((codes) =>
      codes
        .selectFrom('products')
        .select(['product_code', sql<number | string>`row_number() over (order by product_code)`.as('n'), sql<number | string>`count(*) over ()`.as('total')])
        .where('seller_key', '=', v.sellerKey)
        .where('deleted', '=', 0)
        .as('codes'),
    )
    .select(['product_code', 'n', 'total'])
    .where(sql<boolean>`(n - 1) % ${v.size} = 0`)
    .orderBy('n'),
);

/**
 * How a seller's catalogue splits into fill chunks of `size` products: the first code
 * of every chunk but the first. The browser then asks for every chunk at once instead
 * of following a cursor page after page. A product written after the plan lands in the
 * chunk whose range holds its code (a chunk then holds a few more than `size`).
 */
export async function fillPlan(db: Tx, sellerKey: string, size: number): Promise<FillPlan> {
  const rows = await everySizeth(db, { sellerKey, size });
  // Counts are bigint on PostgreSQL, which its driver hands over as text.
  const bounds = rows.filter((r) => Number(r.n) > 1).map((r) => r.product_code);
  return { size, count: rows.length ? Number(rows[0]!.total) : 0, bounds };
}
