import { IDEMPOTENCY_HEADER } from '../../src/api/request';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { drainOutbox } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { pullScope } from '../../src/sync/pull-changes';
import { fmt, timed } from './measure';

const ORG = 'SUPACMESCI01';
const scope = `org:${ORG}`;
const CHANGES = 1_000;
const PROPERTIES = 20;
const WARM_UP = 300;

async function sendOne(send: typeof fetch, method: 'POST' | 'PUT', path: string, body: unknown, key?: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  const res = await send(path, { method, headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/**
 * 1,000 queued property edits drained in order, each with its Idempotency-Key, against
 * the real server, as the supplier `send` is signed in as. The time spent waiting for
 * answers splits the drain into server and browser; the same changes sent one request
 * each show what the batches save.
 */
export async function benchDrain(db: LocalDatabase, send: typeof fetch): Promise<string[]> {
  const run = crypto.randomUUID().slice(0, 8);
  for (let i = 0; i < PROPERTIES; i++) await sendOne(send, 'POST', `/api/org/${ORG}/property`, { property: `BENCH_${run}_${i}`, value: '0' });
  const signal = new AbortController().signal;
  await pullScope({ db: asSyncDb(db), fetch: send, signal }, scope);
  const rows = (await db.properties.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray()).filter((r) =>
    String(r.property).startsWith(`BENCH_${run}_`),
  );
  const queue = async (count: number, tag: string) => {
    for (let i = 0; i < count; i++) {
      const row = rows[i % rows.length]!;
      await enqueue(asSyncDb(db), {
        kind: 'property.edit',
        scope,
        method: 'PUT',
        path: `/api/org/${ORG}/property/${row.key}`,
        body: { property: row.property, value: `${tag}${i}` },
        touches: [{ table: 'properties', scope, key: row.key }],
      });
    }
  };
  const backoff = { baseMs: 1, maxMs: 1, random: () => 0 };
  // Warm-up, not timed: a server that has just started compiles its code and statements first.
  await queue(WARM_UP, 'warm');
  await drainOutbox({ db: asSyncDb(db), fetch: send, now: Date.now, signal, backoff });
  await queue(CHANGES, 'v');
  let onWire = 0;
  const timedSend: typeof fetch = async (input, init) => {
    const start = performance.now();
    try {
      const res = await send(input, init);
      await res.clone().arrayBuffer();
      return res;
    } finally {
      onWire += performance.now() - start;
    }
  };
  const [result, ms] = await timed(() =>
    drainOutbox({ db: asSyncDb(db), fetch: timedSend, now: Date.now, signal, backoff }),
  );
  const left = await db.outbox.count();

  const [, bareMs] = await timed(async () => {
    for (let i = 0; i < CHANGES; i++) {
      const row = rows[i % rows.length]!;
      await sendOne(send, 'PUT', `/api/org/${ORG}/property/${row.key}`, { property: row.property, value: `w${i}` }, crypto.randomUUID());
    }
  });
  return [
    `drain ${CHANGES.toLocaleString('en-AU')} queued changes against the real server: ${fmt(ms / 1000, 2)} s (${result.state}, ${left} left; target < 3 s), of which waiting for the server ${fmt(onWire / 1000, 2)} s`,
    `  the same ${CHANGES.toLocaleString('en-AU')} changes sent one request each, without batches or the local store: ${fmt(bareMs / 1000, 2)} s`,
  ];
}
