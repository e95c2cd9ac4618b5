import { sql } from 'kysely';
import type { FillPlan } from '../../src/domain/schemas/product-fill';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import { rememberedAnswer } from '../http/remembered-answer';
import type { Tx } from '../sync/change-log';

/**
 * Every `size`-th live code of a seller in code order (the 0th, the size-th, ...), each
 * with the count of live codes: the database numbers the codes (from the partial index
 * of live codes) and sends only the chunks' first codes, not every code of the catalogue
 * to be counted and picked here (on PostgreSQL, parsing 2,000 rows cost the server about
 * 2 ms of CPU a plan, and PostgreSQL more in all than numbering them).
 */
const chunkStarts = preparedQuery((db, v: { sellerKey: string; size: number }) => {
  const live = (table: 'products' | 'counted') =>
    db.selectFrom(`products as ${table}`).where(`${table}.seller_key`, '=', v.sellerKey).where(`${table}.deleted`, '=', 0);
  return db
    .selectFrom(
      live('products')
        .select(['products.product_code', sql<number>`row_number() over (order by products.product_code rows unbounded preceding) - 1`.as('n')])
        .as('numbered'),
    )
    .select(['numbered.product_code', live('counted').select((eb) => eb.fn.countAll<number | string>().as('c')).as('total')])
    .where(sql<boolean>`numbered.n % ${v.size} = 0`)
    .orderBy('numbered.product_code');
});

/**
 * How a seller's catalogue splits into fill chunks of `size` products: the first code
 * of every chunk but the first. The browser then asks for every chunk at once instead
 * of following a cursor page after page. A product written after the plan lands in the
 * chunk whose range holds its code (a chunk then holds a few more than `size`).
 */
async function fillPlan(db: Tx, sellerKey: string, size: number): Promise<FillPlan> {
  const starts = await chunkStarts(db, { sellerKey, size });
  // PostgreSQL's count is a bigint, which node-postgres hands over as text.
  const count = starts.length ? Number(starts[0]!.total) : 0;
  return { size, count, bounds: starts.slice(1).map((s) => s.product_code) };
}

/**
 * The plan as the UTF-8 JSON it is sent as, remembered under the revision counter
 * (server/http/remembered-answer.ts): a shift's tablets filling a catalogue after a
 * reconnect all ask for the same plan. The same for both views, so the key is the
 * seller's and the size; the caller checks the reader's rights first. Products are
 * written with a change recorded (the seed, the price-file import), and a plan older
 * than a product is still right: the product lands in the chunk whose range holds its code.
 */
export function fillPlanJson(db: Db, sellerKey: string, size: number, revisionSeen: string | number | null): Promise<Buffer> {
  return rememberedAnswer(db, ['fill-plan', sellerKey, size], async () => Buffer.from(JSON.stringify(await fillPlan(db, sellerKey, size))), revisionSeen);
}
