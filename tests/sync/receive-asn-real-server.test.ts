import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivingMessages as m } from '../../src/domain/receiving-messages';
import { asnSchema, type Asn } from '../../src/domain/schemas/asn';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { receiveAsn } from '../../src/local/mutations/receive-asn';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import type { ServerAsnRow } from '../../src/sync/rows';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { insertOrder } from '../server/helpers/matching-fixtures';
import { newKey } from '../server/helpers/orders-fixtures';
import { lossyTablet } from './helpers/lossy-tablet';
import { startRealServer, type RealServer } from './helpers/real-server';

/**
 * Issue 31: the dock receives a shipment on a tablet without a connection. The receipt
 * shows on the ASN at once, waits in the outbox, and is applied once by the real server
 * even when the first answer is lost; a refusal takes it back.
 */
const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'SUPACMESCI01';
const scope = `buyer:${BUYER}`;
let server: RealServer;
let db: LocalDatabase;
let asn: Asn;

beforeAll(async () => {
  server = await startRealServer();
  await insertOrder(server.test.db, { orderNo: '4500031', sellerKey: SUPPLIER, buyerKey: BUYER, lines: [{ code: 'A', quantity: 5, price: 10 }] });
  const res = await server.test.as('supplier@acme.demo.test', {
    method: 'POST',
    url: `/api/seller/${SUPPLIER}/buyer/${BUYER}/asn`,
    headers: { 'idempotency-key': newKey() },
    payload: { orderNumber: '4500031', noticeDate: '2026-11-26', shipmentDate: '2026-11-26', carrierName: 'Dock Freight', lines: [{ number: 1, quantity: 5, uom: 'EA' }] },
  });
  asn = asnSchema.parse(res.json());
});
afterAll(async () => {
  closeLocalDatabase();
  await server?.close();
});

/** The buyer's copy of the ASN: a server's row (no submit of this device is pending on it). */
const heldAsn = async (key: string) => (await db.asns.get([scope, key])) as ServerAsnRow | undefined;

const context = (fetch: typeof globalThis.fetch): DrainContext => ({
  db: asSyncDb(db),
  fetch,
  now: Date.now,
  signal: new AbortController().signal,
  backoff: { baseMs: 10, maxMs: 10, random: () => 0 },
});

describe('a shipment received offline', () => {
  it('shows on the ASN at once, is sent once when the connection is back, and ends as the server stored it', async () => {
    db = openLocalDatabase(`dock-${Date.now()}@uni.demo.test`);
    const cookie = await server.test.cookieFor('buyer@uni.demo.test');
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    const key = String(asn.id);
    expect((await heldAsn(key))?.receipts).toEqual([]);

    const tablet = lossyTablet(real);

    const entry = await receiveAsn(BUYER, key, asn.shipmentId, { lines: [{ number: 1, quantity: 4, reason: 'SHORT' }] });
    expect(await db.asns.get([scope, key])).toMatchObject({ receiptPending: true, receipts: [{ number: 1, quantity: 4, reason: 'SHORT' }] });
    expect(await db.outbox.get(entry.id)).toMatchObject({ kind: 'asn.receive', path: `/api/buyer/${BUYER}/asn/${key}/receipt`, state: 'pending' });

    expect((await drainOutbox(context(tablet.fetch))).state).toBe('waiting');
    expect(await server.test.db.selectFrom('asn_receipts').selectAll().execute()).toEqual([]);

    tablet.state.online = true;
    expect((await drainOutbox(context(tablet.fetch), { ignoreBackoff: true })).state).toBe('waiting');
    expect(await drainOutbox(context(tablet.fetch), { ignoreBackoff: true })).toEqual({ state: 'empty' });
    expect(tablet.state.posts).toBe(2);
    const history = await server.test.db.selectFrom('history').select('action').where('entity', '=', 'order').where('type', '=', 'GOODS_RECEIVED').execute();
    expect(history.map((h) => h.action)).toEqual([m.historyAction]);

    // The server's receipt (its date and who received) replaces the optimistic one before any pull.
    const row = await heldAsn(key);
    expect(row?.receiptPending).toBeUndefined();
    expect(row?.receipts).toMatchObject([{ number: 1, quantity: 4, reason: 'SHORT', receivedBy: 'Beatrice Buyer' }]);
    expect(await db.bases.count()).toBe(0);
    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    expect((await heldAsn(key))?.receipts).toMatchObject([{ number: 1, quantity: 4, reason: 'SHORT' }]);
  });

  it('refused by the server (more than shipped, without the reason): the receipt is taken back and the errors kept', async () => {
    const key = String(asn.id);
    const cookie = await server.test.cookieFor('buyer@uni.demo.test');
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    const entry = await receiveAsn(BUYER, key, asn.shipmentId, { lines: [{ number: 1, quantity: 6, reason: null }] });
    expect((await heldAsn(key))?.receipts?.[0]?.quantity).toBe(6);
    await drainOutbox(context(real));
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: 'failed', errors: [m.overReasonNeeded(1)] });
    expect(await db.asns.get([scope, key])).toMatchObject({ receipts: [{ number: 1, quantity: 4 }] });
    expect((await heldAsn(key))?.receiptPending).toBeUndefined();
  });
});
