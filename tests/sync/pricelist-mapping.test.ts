import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueErrors } from '../../src/domain/rules/catalogue';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { asSyncDb } from '../../src/local/db/local-database';
import { mapPricelistUniversities } from '../../src/local/mutations/pricelists';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { MIRRORED_LISTS } from '../../src/sync/mirror-lists';
import { mirrorPricelistBuyers } from '../../src/sync/mirror-preferences';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { startRealServer, type RealServer } from './helpers/real-server';

const SELLER = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';
const scope = `seller:${SELLER}`;
let server: RealServer;

beforeAll(async () => {
  server = await startRealServer();
});
afterAll(async () => {
  closeLocalDatabase();
  await server?.close();
});

describe('Map Universities as an outbox command, against the real server', () => {
  it('shows at once offline, is applied once after a lost answer, and a refusal rolls back with the server errors', async () => {
    const created = await server.test.as(SUPPLIER, { method: 'POST', url: `/api/seller/${SELLER}/pricelist`, payload: { name: 'Mapped offline' } });
    const id = String((created.json() as { pricelistId: number }).pricelistId);
    await server.test.as(SUPPLIER, { method: 'PUT', url: `/api/seller/${SELLER}/pricelist/${id}/buyers`, payload: { buyerIds: ['UNILAKESIDE1'] } });

    const db = openLocalDatabase(`mapping-${Date.now()}@demo.test`);
    const cookie = await server.test.cookieFor(SUPPLIER);
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    const row = () => db.pricelists.get([scope, id]);

    // Seen once online: the list page, then the mapping the drawer reads.
    await MIRRORED_LISTS.pricelistPage({ db: asSyncDb(db), fetch: real }, scope, null);
    expect((await row())?.buyerIds).toBeUndefined();
    await mirrorPricelistBuyers({ db: asSyncDb(db), fetch: real }, scope, id);
    expect(await row()).toMatchObject({ name: 'Mapped offline', buyerIds: ['UNILAKESIDE1'] });

    // Offline: the change is held locally and shown at once.
    const entry = await mapPricelistUniversities(SELLER, id, ['UNIWESTMERE1', 'UNINORTHGATE']);
    expect(entry).toMatchObject({ kind: 'pricelist.mapping', method: 'PUT', path: `/api/seller/${SELLER}/pricelist/${id}/buyers` });
    expect((await row())?.buyerIds).toEqual(['UNINORTHGATE', 'UNIWESTMERE1']);
    const offline: typeof fetch = () => Promise.reject(new TypeError('offline'));
    const ctx = (through: typeof real): DrainContext => ({
      db: asSyncDb(db),
      fetch: through,
      now: Date.now,
      signal: new AbortController().signal,
      backoff: { baseMs: 10, maxMs: 10, random: () => 0 },
    });
    expect((await drainOutbox(ctx(offline))).state).toBe('waiting');
    expect((await row())?.buyerIds).toEqual(['UNINORTHGATE', 'UNIWESTMERE1']);

    // Back online, the server commits but its answer is lost: the retry replays the same key.
    let loseNext = true;
    const lossy: typeof fetch = async (input, init) => {
      const response = await real(input, init);
      if (loseNext && init?.method !== 'GET') {
        loseNext = false;
        await response.arrayBuffer();
        throw new TypeError('connection reset');
      }
      return response;
    };
    expect((await drainOutbox(ctx(lossy), { ignoreBackoff: true })).state).toBe('waiting');
    expect(await drainOutbox(ctx(lossy), { ignoreBackoff: true })).toEqual({ state: 'empty' });
    const mapped = await server.test.db.selectFrom('pricelist_buyers').select('buyer_key').where('pricelist_id', '=', Number(id)).orderBy('buyer_key').execute();
    expect(mapped.map((m) => m.buyer_key)).toEqual(['UNINORTHGATE', 'UNIWESTMERE1']);
    const history = await server.test.db.selectFrom('history').select('type').where('entity', '=', 'pricelist').where('entity_key', '=', id).where('type', '=', 'MAPPED').execute();
    expect(history).toHaveLength(2);

    // The changes feed carries the mapping with the pricelist.
    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    expect(await row()).toMatchObject({ name: 'Mapped offline', buyerIds: ['UNINORTHGATE', 'UNIWESTMERE1'] });
    expect((await row())?.pending).toBeUndefined();

    // A refused mapping: shown at once, then rolled back, kept with the server's errors.
    const refused = await mapPricelistUniversities(SELLER, id, ['SUPBIOLAB001']);
    expect((await row())?.buyerIds).toEqual(['SUPBIOLAB001']);
    await drainOutbox(ctx(real), { ignoreBackoff: true });
    expect(await db.outbox.get(refused.id)).toMatchObject({ state: 'failed', errors: [catalogueErrors.buyersMustBeUniversities(['SUPBIOLAB001'])] });
    expect((await row())?.buyerIds).toEqual(['UNINORTHGATE', 'UNIWESTMERE1']);
  });
});
