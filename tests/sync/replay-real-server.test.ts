import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { TEMPORARY_KEY } from '../../src/sync/commands/collection-item';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { freshDb } from './helpers/fresh-db';
import { startRealServer, type RealServer } from './helpers/real-server';

const ORG = 'SUPACMESCI01';
const scope = `org:${ORG}`;
let server: RealServer;
let db: LocalDatabase;

beforeAll(async () => {
  server = await startRealServer();
});
afterAll(async () => {
  db?.close();
  await server?.close();
});

describe('a replay after a lost answer, against the real server', () => {
  it('is applied once, and the client ends with the server rows', async () => {
    db = freshDb();
    const cookie = await server.test.cookieFor('supplier@acme.demo.test');
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    let loseNext = true;
    // The server commits, then the answer is lost on the way back.
    const lossy: typeof fetch = async (input, init) => {
      const response = await real(input, init);
      if (loseNext && init?.method !== 'GET') {
        loseNext = false;
        await response.arrayBuffer();
        throw new TypeError('connection reset');
      }
      return response;
    };
    const ctx: DrainContext = { db: asSyncDb(db), fetch: lossy, now: Date.now, signal: new AbortController().signal, backoff: { baseMs: 10, maxMs: 10, random: () => 0 } };

    await enqueue(asSyncDb(db), {
      kind: 'property.add',
      scope,
      method: 'POST',
      path: `/api/org/${ORG}/property`,
      body: { property: 'REPLAY_TEST', value: 'one' },
      touches: [{ table: 'properties', scope, key: TEMPORARY_KEY }],
    });
    expect((await drainOutbox(ctx)).state).toBe('waiting');
    expect(await drainOutbox(ctx, { ignoreBackoff: true })).toEqual({ state: 'empty' });

    const stored = await server.test.db.selectFrom('properties').selectAll().where('property', '=', 'REPLAY_TEST').execute();
    expect(stored).toHaveLength(1);
    const propNo = String(stored[0]!.org_property_no);
    const rows = await db.properties.toArray();
    expect(rows.map((r) => [r.key, r.value, r.pending])).toEqual([[propNo, 'one', undefined]]);

    loseNext = true;
    await enqueue(asSyncDb(db), {
      kind: 'property.edit',
      scope,
      method: 'PUT',
      path: `/api/org/${ORG}/property/${propNo}`,
      body: { property: 'REPLAY_TEST', value: 'two' },
      touches: [{ table: 'properties', scope, key: propNo }],
    });
    await drainOutbox(ctx);
    await drainOutbox(ctx, { ignoreBackoff: true });

    const history = await server.test.db
      .selectFrom('history')
      .select(['type'])
      .where('entity', '=', 'orgProperty')
      .where('entity_key', '=', propNo)
      .execute();
    expect(history.map((h) => h.type).sort()).toEqual(['CREATED', 'UPDATED']);

    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    const serverRows = (await (await real(`/api/org/${ORG}/property?offset=0&limit=100`)).json()) as Array<Record<string, unknown>>;
    const clientRows = (await db.properties.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray()).map(
      ({ scope: _s, key: _k, rev: _r, ...row }) => row,
    );
    expect(clientRows.sort((a, b) => Number(a.orgPropertyNo) - Number(b.orgPropertyNo))).toEqual(serverRows);
  });
});
