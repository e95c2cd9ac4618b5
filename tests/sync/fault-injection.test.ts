import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { TEMPORARY_KEY } from '../../src/sync/commands/collection-item';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { startFaultProxy, seeded, type FaultProxy } from './helpers/fault-proxy';
import { freshDb } from './helpers/fresh-db';
import { httpFetch } from './helpers/http-fetch';
import { startRealServer, type RealServer } from './helpers/real-server';

const ORG = 'SUPACMESCI01';
const scope = `org:${ORG}`;
const EDITS = 1000;
const ADDS = 10;
const PROPERTIES = 20;

let server: RealServer;
let proxy: FaultProxy;
let db: LocalDatabase;

beforeAll(async () => {
  server = await startRealServer();
  proxy = await startFaultProxy(
    server.origin,
    { refuse5xx: 0.05, unauthorized: 0.03, duplicate: 0.08, dropAnswer: 0.08, answer5xxAfterCommit: 0.04, cutBatch: 0.08, maxDelayMs: 3 },
    20_260_501,
  );
});
afterAll(async () => {
  db?.close();
  await proxy?.close();
  await server?.close();
});

describe('fault injection: lost answers, duplicates, delays, 5xx and 401 at random, batches cut short', () => {
  it(`${EDITS + ADDS} changes: none lost, none applied twice, client rows equal server rows`, async () => {
    db = freshDb('faults');
    const cookie = await server.test.cookieFor('supplier@acme.demo.test');
    const client = httpFetch();
    const direct = transportFetch({ origin: server.origin, headers: { cookie }, fetch: client.fetch });
    const faulty = transportFetch({ origin: proxy.origin, headers: { cookie }, fetch: client.fetch });
    const signal = new AbortController().signal;
    const ctx: DrainContext = { db: asSyncDb(db), fetch: faulty, now: Date.now, signal, backoff: { baseMs: 1, maxMs: 1, random: () => 0 } };

    for (let i = 0; i < PROPERTIES; i++) {
      const answer = await direct(`/api/org/${ORG}/property`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ property: `FI_${i}`, value: 'start' }),
      });
      expect(answer.status).toBe(201);
    }
    await pullScope({ db: asSyncDb(db), fetch: direct, signal }, scope);
    const keys = (await db.properties.toArray()).filter((r) => String(r.property).startsWith('FI_')).map((r) => r.key);
    expect(keys).toHaveLength(PROPERTIES);

    const random = seeded(7);
    const editsPerKey = new Map<string, number>();
    const lastValue = new Map<string, string>();
    let sends = 0;

    const drainAll = async () => {
      for (let round = 0; round < 500; round++) {
        // Small batches of varying size, so faults hit many round trips and every place in a batch.
        ctx.batchSize = 1 + Math.floor(random() * 4);
        const result = await drainOutbox(ctx, { ignoreBackoff: true });
        sends += 1;
        if (result.state === 'empty') return;
      }
      throw new Error('the outbox did not drain');
    };

    for (let i = 0; i < EDITS + ADDS; i++) {
      if (i % 101 === 100) {
        await enqueue(asSyncDb(db), {
          kind: 'property.add',
          scope,
          method: 'POST',
          path: `/api/org/${ORG}/property`,
          body: { property: `FI_NEW_${i}`, value: `added ${i}` },
          touches: [{ table: 'properties', scope, key: TEMPORARY_KEY }],
        });
      } else {
        const key = keys[Math.floor(random() * keys.length)]!;
        const value = `v${i}`;
        const property = (await db.properties.get([scope, key]))!.property as string;
        await enqueue(asSyncDb(db), {
          kind: 'property.edit',
          scope,
          method: 'PUT',
          path: `/api/org/${ORG}/property/${key}`,
          body: { property, value },
          touches: [{ table: 'properties', scope, key }],
        });
        editsPerKey.set(key, (editsPerKey.get(key) ?? 0) + 1);
        lastValue.set(key, value);
      }
      if (i % 25 === 24) {
        await drainAll();
        // Pulls go through the faults too; a failed one is simply tried at the next batch.
        await pullScope({ db: asSyncDb(db), fetch: faulty, signal }, scope).catch(() => undefined);
      }
    }
    await drainAll();

    expect(await db.outbox.count()).toBe(0);
    const counts = proxy.counts;
    expect(counts.dropAnswer + counts.duplicate + counts.refuse5xx + counts.unauthorized + counts.answer5xxAfterCommit + counts.cutBatch).toBeGreaterThan(100);
    expect(counts.cutBatch).toBeGreaterThan(10);

    // Server side effects: one history entry per change, never two.
    const history = await server.test.db
      .selectFrom('history')
      .select(['entity_key', 'type'])
      .where('entity', '=', 'orgProperty')
      .where('org_key', '=', ORG)
      .execute();
    const updates = new Map<string, number>();
    for (const h of history) if (h.type === 'UPDATED') updates.set(h.entity_key, (updates.get(h.entity_key) ?? 0) + 1);
    expect(Object.fromEntries(updates)).toEqual(Object.fromEntries(editsPerKey));
    const created = await server.test.db.selectFrom('properties').select(['property']).where('property', 'like', 'FI_NEW_%').execute();
    expect(created).toHaveLength(ADDS);

    const serverRows = (await (await direct(`/api/org/${ORG}/property?offset=0&limit=100`)).json()) as Array<Record<string, unknown>>;
    for (const [key, value] of lastValue) expect(serverRows.find((r) => String(r.orgPropertyNo) === key)?.value).toBe(value);

    await pullScope({ db: asSyncDb(db), fetch: direct, signal }, scope);
    const clientRows = (await db.properties.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray())
      .map(({ scope: _s, key: _k, rev: _r, ...row }) => row)
      .sort((a, b) => Number(a.orgPropertyNo) - Number(b.orgPropertyNo));
    expect(clientRows).toEqual(serverRows);
    client.close();
    console.log(`fault injection: ${counts.requests} requests through the proxy, ${sends} drain rounds`, counts);
  });
});
