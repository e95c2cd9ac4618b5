import { afterEach, describe, expect, it } from 'vitest';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import type { CommandRequest } from '../../src/sync/commands/command';
import { IDEMPOTENCY_HEADER } from '../../src/api/request';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { TEMPORARY_KEY } from '../../src/sync/commands/collection-item';
import { enqueue } from '../../src/sync/enqueue';
import { discardEntry, retryEntry } from '../../src/sync/settle';
import { freshDb } from './helpers/fresh-db';
import { scriptedOutbox, type Answer } from './helpers/scripted-fetch';
import { orderRow, asnAnswer } from './helpers/order-rows';
import { isServerAsn, type AsnDraftRow } from '../../src/sync/rows';

const scope = 'org:SUPACMESCI01';
let db: LocalDatabase;

afterEach(() => db?.close());

function editProperty(propNo: string, value: string): CommandRequest {
  return {
    kind: 'property.edit',
    scope,
    method: 'PUT',
    path: `/api/org/SUPACMESCI01/property/${propNo}`,
    body: { property: `P${propNo}`, value },
    touches: [{ table: 'properties', scope, key: propNo }],
  };
}

function markRead(orderId: string): CommandRequest {
  return {
    kind: 'order.read',
    scope: 'seller:SUPACMESCI01',
    method: 'POST',
    path: `/api/seller/SUPACMESCI01/order/${orderId}/actions/read`,
    body: { fields: { read: true } },
    touches: [{ table: 'orders', scope: 'seller:SUPACMESCI01', key: orderId }],
  };
}

function context(answer: (i: number) => Answer, now = () => 1_000_000): { ctx: DrainContext; requests: ReturnType<typeof scriptedOutbox>['requests'] } {
  const { fetch, requests } = scriptedOutbox((_r, i) => answer(i));
  return {
    ctx: { db: asSyncDb(db), fetch, now, signal: new AbortController().signal, backoff: { baseMs: 1000, maxMs: 60_000, random: () => 0.5 } },
    requests,
  };
}

async function seedProperties(...values: Array<[string, string]>) {
  await db.properties.bulkPut(values.map(([key, value]) => ({ scope, key, rev: 1, orgPropertyNo: Number(key), property: `P${key}`, value })));
}

describe('draining the outbox', () => {
  it('sends entries in the order they were made, each with its own Idempotency-Key', async () => {
    db = freshDb();
    await seedProperties(['1', 'a'], ['2', 'b']);
    const entries = [];
    for (const [no, v] of [['1', 'x'], ['2', 'y'], ['1', 'z']] as const) entries.push(await enqueue(asSyncDb(db), editProperty(no, v)));
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);

    const { ctx, requests } = context(() => ({ status: 200, body: {} }));
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(requests.map((r) => [r.url, (r.body as { value: string }).value])).toEqual([
      ['/api/org/SUPACMESCI01/property/1', 'x'],
      ['/api/org/SUPACMESCI01/property/2', 'y'],
      ['/api/org/SUPACMESCI01/property/1', 'z'],
    ]);
    expect(requests.map((r) => r.headers[IDEMPOTENCY_HEADER])).toEqual(entries.map((e) => e.id));
    expect(await db.outbox.count()).toBe(0);
    expect((await db.properties.get([scope, '1']))?.value).toBe('z');
    expect(await db.bases.count()).toBe(0);
  });

  it('sends many entries per round trip, in batches of at most batchSize', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    for (let i = 0; i < 7; i++) await enqueue(asSyncDb(db), editProperty('1', `v${i}`));
    const outbox = scriptedOutbox(() => ({ status: 200, body: {} }));
    const ctx: DrainContext = { ...context(() => ({ status: 200 })).ctx, fetch: outbox.fetch, batchSize: 3 };
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(outbox.batches()).toBe(3);
    expect(outbox.requests.map((r) => (r.body as { value: string }).value)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    expect((await db.properties.get([scope, '1']))?.value).toBe('v6');
  });

  it('settles a run of answers as one group: rows, bases and a created row end as the server has them', async () => {
    db = freshDb();
    await seedProperties(['1', 'a'], ['2', 'b']);
    for (const [no, v] of [['1', 'x'], ['2', 'y'], ['1', 'z']] as const) await enqueue(asSyncDb(db), editProperty(no, v));
    await enqueue(asSyncDb(db), {
      kind: 'property.add',
      scope,
      method: 'POST',
      path: '/api/org/SUPACMESCI01/property',
      body: { property: 'NEW', value: 'n' },
      touches: [{ table: 'properties', scope, key: TEMPORARY_KEY }],
    });
    const { ctx } = context((i) => (i === 3 ? { status: 201, body: { orgPropertyNo: 9, property: 'NEW', value: 'n' } } : { status: 200, body: {} }));
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    const rows = await db.properties.toArray();
    expect(rows.map((r) => [r.key, r.value])).toEqual([
      ['1', 'z'],
      ['2', 'y'],
      ['9', 'n'],
    ]);
    expect(await db.bases.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a batch stopped at a 5xx keeps that entry and every later one, and acknowledges the earlier ones', async () => {
    db = freshDb();
    await seedProperties(['1', 'a'], ['2', 'b']);
    const sent = await enqueue(asSyncDb(db), editProperty('1', 'x'));
    const stopped = await enqueue(asSyncDb(db), editProperty('2', 'y'));
    const after = await enqueue(asSyncDb(db), editProperty('1', 'z'));
    const { ctx, requests } = context((i) => (i === 1 ? { status: 503 } : { status: 200, body: {} }));
    const result = await drainOutbox(ctx);
    expect(result.state).toBe('waiting');
    expect(requests).toHaveLength(2);
    expect(await db.outbox.get(sent.id)).toBeUndefined();
    expect(await db.outbox.get(stopped.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await db.outbox.get(after.id)).toMatchObject({ state: 'pending', attempts: 0 });
    // The user's changes stay on screen while they wait.
    expect((await db.properties.get([scope, '2']))?.value).toBe('y');
    expect((await db.properties.get([scope, '1']))?.value).toBe('z');
  });

  it('a refused batch parks its head entry only; the rest go again, in order', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    const head = await enqueue(asSyncDb(db), editProperty('1', 'x'));
    await enqueue(asSyncDb(db), editProperty('1', 'y'));
    await enqueue(asSyncDb(db), editProperty('1', 'z'));
    const outbox = scriptedOutbox(() => ({ status: 200, body: {} }));
    let calls = 0;
    const refusingFirst: typeof fetch = async (input, init) =>
      ++calls === 1
        ? new Response(JSON.stringify({ errors: ['Batch refused'] }), { status: 400, headers: { 'content-type': 'application/json' } })
        : outbox.fetch(input, init);
    const ctx: DrainContext = { ...context(() => ({ status: 200 })).ctx, fetch: refusingFirst };
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(await db.outbox.get(head.id)).toMatchObject({ state: 'failed', errors: ['Batch refused'] });
    expect(outbox.requests.map((r) => (r.body as { value: string }).value)).toEqual(['y', 'z']);
    expect((await db.properties.get([scope, '1']))?.value).toBe('z');
  });

  it('an answer that skips an entry is not trusted: the entry waits and is sent again', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    const entry = await enqueue(asSyncDb(db), editProperty('1', 'x'));
    const broken: typeof fetch = async () =>
      new Response(JSON.stringify({ results: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    const ctx: DrainContext = { ...context(() => ({ status: 200 })).ctx, fetch: broken };
    expect((await drainOutbox(ctx)).state).toBe('waiting');
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('keeps the entry and backs off exponentially on network errors, 5xx, 408 and 429', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    await enqueue(asSyncDb(db), editProperty('1', 'x'));
    let now = 1_000_000;
    const script: Answer[] = ['network-error', { status: 503 }, { status: 408 }, { status: 429 }, { status: 200, body: {} }];
    const { ctx, requests } = context((i) => script[i]!, () => now);

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const result = await drainOutbox(ctx);
      expect(result.state).toBe('waiting');
      if (result.state !== 'waiting') return;
      waits.push(result.at - now);
      // Asked again before the backoff ran out: nothing is sent.
      expect((await drainOutbox(ctx)).state).toBe('waiting');
      now = result.at;
    }
    expect(waits).toEqual([750, 1500, 3000, 6000]);
    expect(requests).toHaveLength(4);
    expect((await db.properties.get([scope, '1']))?.value).toBe('x');
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(requests).toHaveLength(5);
  });

  it('a wake-up sends at once, ignoring the backoff', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    await enqueue(asSyncDb(db), editProperty('1', 'x'));
    const { ctx, requests } = context((i) => (i === 0 ? { status: 500 } : { status: 200, body: {} }));
    expect((await drainOutbox(ctx)).state).toBe('waiting');
    expect(await drainOutbox(ctx, { ignoreBackoff: true })).toEqual({ state: 'empty' });
    expect(requests).toHaveLength(2);
  });

  it('pauses on 401 and drops nothing', async () => {
    db = freshDb();
    await seedProperties(['1', 'a']);
    await enqueue(asSyncDb(db), editProperty('1', 'x'));
    await enqueue(asSyncDb(db), editProperty('1', 'y'));
    const { ctx, requests } = context((i) => (i === 0 ? { status: 401, body: { errors: ['Sign in'] } } : { status: 200, body: {} }));
    expect(await drainOutbox(ctx)).toEqual({ state: 'signIn' });
    expect(requests).toHaveLength(1);
    expect(await db.outbox.where('state').equals('pending').count()).toBe(2);
    expect((await db.properties.get([scope, '1']))?.value).toBe('y');
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(requests).toHaveLength(3);
  });

  it('marks a refused entry failed with the server errors, rolls it back, and goes on with the next', async () => {
    db = freshDb();
    await db.orders.put(orderRow('seller:SUPACMESCI01', 7, { read: false }));
    await seedProperties(['1', 'a']);
    const refused = await enqueue(asSyncDb(db), markRead('7'));
    await enqueue(asSyncDb(db), editProperty('1', 'x'));
    expect((await db.orders.get(['seller:SUPACMESCI01', '7']))?.read).toBe(true);

    const { ctx, requests } = context((i) => (i === 0 ? { status: 422, body: { errors: ['Order is closed'] } } : { status: 200, body: {} }));
    expect(await drainOutbox(ctx)).toEqual({ state: 'empty' });
    expect(requests).toHaveLength(2);
    const failed = await db.outbox.get(refused.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.errors).toEqual(['Order is closed']);
    expect((await db.orders.get(['seller:SUPACMESCI01', '7']))?.read).toBe(false);
    expect((await db.properties.get([scope, '1']))?.value).toBe('x');

    // Retry puts it back on top; discard leaves the server's row.
    await retryEntry(asSyncDb(db), refused.id);
    expect((await db.orders.get(['seller:SUPACMESCI01', '7']))?.read).toBe(true);
    const again = context(() => ({ status: 409, body: { errors: ['Still closed'] } }));
    await drainOutbox(again.ctx);
    expect((await db.outbox.get(refused.id))?.errors).toEqual(['Still closed']);
    await discardEntry(asSyncDb(db), refused.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.orders.get(['seller:SUPACMESCI01', '7']))?.read).toBe(false);
  });

  it('a refused ASN submit stays a draft carrying the errors (by field as well); an accepted one becomes the server ASN', async () => {
    db = freshDb();
    const scopeS = 'seller:SUPACMESCI01';
    const draft: AsnDraftRow = { scope: scopeS, key: 'd1', rev: 0, orderId: '7', state: 'draft', asn: { orderNumber: 'PO-7' }, updatedAt: '' };
    await db.asnDrafts.put(draft);
    const submit = (): CommandRequest => ({
      kind: 'asn.submit',
      scope: scopeS,
      method: 'POST',
      path: '/api/seller/SUPACMESCI01/buyer/UNIWESTMERE1/asn',
      body: draft.asn,
      touches: [
        { table: 'asnDrafts', scope: scopeS, key: 'd1' },
        { table: 'asns', scope: scopeS, key: 'draft:d1' },
      ],
    });
    const first = await enqueue(asSyncDb(db), submit());
    expect((await db.asnDrafts.get([scopeS, 'd1']))?.state).toBe('submitting');
    expect(await db.asns.get([scopeS, 'draft:d1'])).toMatchObject({ orderNumber: 'PO-7', pending: true });

    const fieldErrors = [{ field: 'shipmentDate', message: 'Shipment date is required' }];
    await drainOutbox(context(() => ({ status: 400, body: { errors: ['Shipment date is required'], fieldErrors } })).ctx);
    // The errors by field too, so the form shows each where it belongs.
    expect(await db.asnDrafts.get([scopeS, 'd1'])).toMatchObject({ state: 'draft', errors: ['Shipment date is required'], fieldErrors });
    expect(await db.asns.count()).toBe(0);

    await discardEntry(asSyncDb(db), first.id);
    await enqueue(asSyncDb(db), submit());
    await drainOutbox(context(() => ({ status: 201, body: asnAnswer(55, 'PO-7', 'S-55') })).ctx);
    expect(await db.asnDrafts.count()).toBe(0);
    expect((await db.asns.toArray()).map((a) => [a.key, isServerAsn(a) && a.shipmentId, a.pending])).toEqual([['55', 'S-55', undefined]]);
  });
});
