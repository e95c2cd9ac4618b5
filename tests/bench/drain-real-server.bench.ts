import type { AddressInfo } from 'node:net';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { drainOutbox } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { createTestApp } from '../server/helpers/test-app';
import { httpFetch } from '../sync/helpers/http-fetch';
import { fmt, timed } from './measure';

const ORG = 'SUPACMESCI01';
const scope = `org:${ORG}`;
const CHANGES = 1_000;

/** 1,000 queued property edits drained one by one, in order, with Idempotency-Keys, against the real server. */
export async function benchDrain(db: LocalDatabase): Promise<string[]> {
  const test = await createTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  const client = httpFetch();
  const cookie = await test.cookieFor('supplier@acme.demo.test');
  const send = transportFetch({ origin: `http://127.0.0.1:${port}`, headers: { cookie }, fetch: client.fetch });
  try {
    for (let i = 0; i < 20; i++) {
      await send(`/api/org/${ORG}/property`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ property: `BENCH_${i}`, value: '0' }),
      });
    }
    const signal = new AbortController().signal;
    await pullScope({ db: asSyncDb(db), fetch: send, signal }, scope);
    const rows = await db.properties.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    for (let i = 0; i < CHANGES; i++) {
      const row = rows[i % rows.length]!;
      await enqueue(asSyncDb(db), {
        kind: 'property.edit',
        scope,
        method: 'PUT',
        path: `/api/org/${ORG}/property/${row.key}`,
        body: { property: row.property, value: `v${i}` },
        touches: [{ table: 'properties', scope, key: row.key }],
      });
    }
    const [result, ms] = await timed(() =>
      drainOutbox({ db: asSyncDb(db), fetch: send, now: Date.now, signal, backoff: { baseMs: 1, maxMs: 1, random: () => 0 } }),
    );
    return [`drain ${CHANGES.toLocaleString('en-AU')} queued changes against the real server: ${fmt(ms / 1000, 2)} s (${result.state}; target < 3 s)`];
  } finally {
    client.close();
    await test.close();
  }
}
