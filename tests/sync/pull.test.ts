import { afterEach, describe, expect, it } from 'vitest';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { drainOutbox } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { pullScope } from '../../src/sync/pull-changes';
import { freshDb } from './helpers/fresh-db';
import { scriptedFetch, scriptedOutbox } from './helpers/scripted-fetch';
import { orderAnswer, orderLine, orderRow } from './helpers/order-rows';

const scope = 'org:SUPACMESCI01';
let db: LocalDatabase;
afterEach(() => db?.close());

const prop = (no: number, value: string) => ({ orgPropertyNo: no, orgNo: 1, property: `P${no}`, value });

describe('pulling the changes feed', () => {
  it('applies inserts, updates and deletes, keeps pending changes on top, and stores the cursor', async () => {
    db = freshDb();
    await db.properties.bulkPut([
      { scope, key: '1', rev: 1, ...prop(1, 'a') },
      { scope, key: '3', rev: 1, ...prop(3, 'c') },
    ]);
    await enqueue(asSyncDb(db), {
      kind: 'property.edit',
      scope,
      method: 'PUT',
      path: '/api/org/SUPACMESCI01/property/1',
      body: { property: 'P1', value: 'mine' },
      touches: [{ table: 'properties', scope, key: '1' }],
    });

    const pages = [
      {
        changes: [
          { entity: 'orgProperty', key: '1', op: 'upsert', rev: 5, row: prop(1, 'theirs') },
          { entity: 'orgProperty', key: '2', op: 'upsert', rev: 6, row: prop(2, 'new') },
        ],
        cursor: 6,
        hasMore: true,
      },
      { changes: [{ entity: 'orgProperty', key: '3', op: 'delete', rev: 7 }], cursor: 7, hasMore: false },
    ];
    const feed = scriptedFetch((_r, i) => ({ status: 200, body: pages[i] }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, scope);

    expect(feed.requests.map((r) => r.url)).toEqual([
      '/api/sync/org/SUPACMESCI01/changes?since=0&limit=500',
      '/api/sync/org/SUPACMESCI01/changes?since=6&limit=500',
    ]);
    const rows = await db.properties.toArray();
    expect(rows.map((r) => [r.key, r.value, r.rev])).toEqual([
      ['1', 'mine', 5],
      ['2', 'new', 6],
    ]);
    expect(await db.cursors.get(scope)).toEqual({ scope, rev: 7 });
    expect((await db.bases.get(`properties|${scope}|1`))?.row?.value).toBe('theirs');

    // The server takes the change: the base becomes it and the overlay is gone.
    const ok = scriptedOutbox(() => ({ status: 200, body: prop(1, 'mine') }));
    await drainOutbox({ db: asSyncDb(db), fetch: ok.fetch, now: Date.now, signal: new AbortController().signal, backoff: { baseMs: 1, maxMs: 1, random: () => 0 } });
    expect((await db.properties.get([scope, '1']))?.value).toBe('mine');
    expect(await db.bases.count()).toBe(0);

    // A later pull starts at the stored cursor.
    const next = scriptedFetch(() => ({ status: 200, body: { changes: [], cursor: 7, hasMore: false } }));
    await pullScope({ db: asSyncDb(db), fetch: next.fetch, signal: new AbortController().signal }, scope);
    expect(next.requests[0]!.url).toContain('since=7');
  });

  it('never shows a stale value while a change is pending, however many pulls come', async () => {
    db = freshDb();
    await db.orders.put(orderRow('buyer:UNIWESTMERE1', 9, { read: false }));
    await enqueue(asSyncDb(db), {
      kind: 'order.read',
      scope: 'buyer:UNIWESTMERE1',
      method: 'POST',
      path: '/api/buyer/UNIWESTMERE1/order/9/actions/read',
      body: { fields: { read: true } },
      touches: [{ table: 'orders', scope: 'buyer:UNIWESTMERE1', key: '9' }],
    });
    for (let rev = 2; rev < 5; rev++) {
      const feed = scriptedFetch(() => ({
        status: 200,
        body: { changes: [{ entity: 'order', key: '9', op: 'upsert', rev, row: orderAnswer(9, { read: false, state: `S${rev}` }) }], cursor: rev, hasMore: false },
      }));
      await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, 'buyer:UNIWESTMERE1');
      const row = await db.orders.get(['buyer:UNIWESTMERE1', '9']);
      expect([row?.read, row?.state]).toEqual([true, `S${rev}`]);
    }
  });

  it('stores an order’s lines apart, so a list page does not wipe them', async () => {
    db = freshDb();
    const s = 'seller:SUPACMESCI01';
    const feed = scriptedFetch(() => ({
      status: 200,
      body: {
        changes: [{ entity: 'order', key: '4', op: 'upsert', rev: 3, row: orderAnswer(4, { lines: [orderLine(1, { id: 40 }), orderLine(2, { id: 41 })] }) }],
        cursor: 3,
        hasMore: false,
      },
    }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, s);
    expect((await db.orderLines.where('[scope+orderId]').equals([s, '4']).toArray()).map((l) => l.key)).toEqual(['4/40', '4/41']);
    expect(await db.orders.get([s, '4'])).not.toHaveProperty('lines');
  });
});
