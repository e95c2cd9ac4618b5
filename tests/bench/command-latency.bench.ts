import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { enqueue } from '../../src/sync/enqueue';
import { fmt, percentile, timed } from './measure';
import { orderRow } from '../sync/helpers/order-rows';

const ORG = 'SUPACMESCI01';

/** One optimistic command (row change + outbox entry in one transaction), as the UI's mark-read or property edit. */
export async function benchCommand(db: LocalDatabase, runs = 300): Promise<string[]> {
  await db.orders.bulkPut(Array.from({ length: 50 }, (_, i) => orderRow(`seller:${ORG}`, i, { read: false })));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const key = String(i % 50);
    const [, t] = await timed(() =>
      enqueue(asSyncDb(db), {
        kind: 'order.read',
        scope: `seller:${ORG}`,
        method: 'POST',
        path: `/api/seller/${ORG}/order/${key}/actions/read`,
        body: { fields: { read: true } },
        touches: [{ table: 'orders', scope: `seller:${ORG}`, key }],
      }),
    );
    times.push(t);
  }
  times.sort((a, b) => a - b);
  await db.outbox.clear();
  await db.bases.clear();
  return [`one optimistic command with its outbox entry: median ${fmt(percentile(times, 50), 2)} ms, p95 ${fmt(percentile(times, 95), 2)} ms over ${runs} (target < 10 ms p95)`];
}
