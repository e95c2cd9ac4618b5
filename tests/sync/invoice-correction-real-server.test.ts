import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { correctInvoice } from '../../src/local/mutations/correct-invoice';
import { drainOutbox, type DrainContext } from '../../src/sync/drain';
import { pullScope } from '../../src/sync/pull-changes';
import { transportFetch } from '../../src/sync/transport';
import { matchInvoice } from '../../server/invoices/match-invoice';
import { insertInvoice, insertOrder, invoiceDocument } from '../server/helpers/matching-fixtures';
import { lossyTablet } from './helpers/lossy-tablet';
import { startRealServer, type RealServer } from './helpers/real-server';

/**
 * Issue 30: a clerk corrects an invoice's PO number on a tablet without a connection.
 * The correction shows at once, waits in the outbox, and is applied once by the real
 * server even when the first answer is lost; the invoice then shows its new match.
 */
const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'SUPACMESCI01';
const scope = `buyer:${BUYER}`;
let server: RealServer;
let db: LocalDatabase;
let oiid = 0;

beforeAll(async () => {
  server = await startRealServer();
  const sdb = server.test.db;
  await insertOrder(sdb, { orderNo: '4500011', sellerKey: SUPPLIER, buyerKey: BUYER, lines: [{ code: 'A', quantity: 5, price: 10 }] });
  oiid = await insertInvoice(sdb, {
    buyerKey: BUYER,
    supplierKey: SUPPLIER,
    supplierName: 'Acme Scientific',
    document: invoiceDocument({ number: 'INV-OFFLINE-1', po: '4500001', lines: [{ code: 'A', quantity: 5, price: 10 }] }),
    createdAt: '2026-11-05T10:00:00.000Z',
  });
  await matchInvoice(sdb, oiid);
});
afterAll(async () => {
  closeLocalDatabase();
  await server?.close();
});

describe('an invoice corrected offline', () => {
  it('shows at once, is sent once when the connection is back, and ends matched again', async () => {
    db = openLocalDatabase(`clerk-${Date.now()}@uni.demo.test`);
    const cookie = await server.test.cookieFor('buyer@uni.demo.test');
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    const key = String(oiid);
    expect((await db.invoiceDocuments.get([scope, key]))?.referenceId).toBe('4500001');
    expect((await db.invoices.get([scope, key]))?.matching).toEqual({ status: 'Exceptions', exceptions: 1 });

    const tablet = lossyTablet(real);
    const ctx: DrainContext = { db: asSyncDb(db), fetch: tablet.fetch, now: Date.now, signal: new AbortController().signal, backoff: { baseMs: 10, maxMs: 10, random: () => 0 } };

    const entry = await correctInvoice(scope, key, { header: { referenceId: '4500011' } });
    expect((await db.invoiceDocuments.get([scope, key]))?.referenceId).toBe('4500011');
    expect(await db.outbox.get(entry.id)).toMatchObject({ kind: 'invoice.correct', path: `/api/buyer/${BUYER}/invoice/${key}/actions/correct`, state: 'pending' });

    // Offline: nothing leaves the tablet, the change stays queued and shown.
    expect((await drainOutbox(ctx)).state).toBe('waiting');
    expect(await db.outbox.count()).toBe(1);
    const untouched = await server.test.db.selectFrom('invoices').select('po_number').where('oiid', '=', oiid).executeTakeFirstOrThrow();
    expect(untouched.po_number).toBe('4500001');

    // Back online: the first answer is lost, the replay is answered from the stored key.
    tablet.state.online = true;
    expect((await drainOutbox(ctx, { ignoreBackoff: true })).state).toBe('waiting');
    expect(await drainOutbox(ctx, { ignoreBackoff: true })).toEqual({ state: 'empty' });
    expect(tablet.state.posts).toBe(2);

    const corrected = await server.test.db.selectFrom('history').select(['description']).where('entity', '=', 'invoice').where('entity_key', '=', key).where('type', '=', 'CORRECTED').execute();
    expect(corrected.map((h) => h.description)).toEqual(['PO Number corrected from 4500001 to 4500011 by Beatrice Buyer']);

    // The server's answer is laid over the rows: the new match shows before any pull (3-way: no ASN yet).
    expect((await db.invoices.get([scope, key]))?.matching).toEqual({ status: 'Pending Receiving', exceptions: 0 });
    const doc = await db.invoiceDocuments.get([scope, key]);
    expect(doc?.referenceId).toBe('4500011');
    expect(doc?.validationErrors).toEqual({ general: [], header: [], line: [] });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bases.count()).toBe(0);

    // A pull after it changes nothing the clerk sees.
    await pullScope({ db: asSyncDb(db), fetch: real, signal: new AbortController().signal }, scope);
    expect((await db.invoiceDocuments.get([scope, key]))?.referenceId).toBe('4500011');
    expect((await db.invoices.get([scope, key]))?.corrections).toMatchObject([{ field: 'referenceId', extracted: '4500001' }]);
  });

  it('refused by the server (the invoice was exported meanwhile): the value is taken back and the errors kept', async () => {
    const key = String(oiid);
    const cookie = await server.test.cookieFor('buyer@uni.demo.test');
    const real = transportFetch({ origin: server.origin, headers: { cookie } });
    await server.test.db.updateTable('invoices').set({ exported: 1 }).where('oiid', '=', oiid).execute();
    const entry = await correctInvoice(scope, key, { header: { referenceId: '4500099' } });
    expect((await db.invoiceDocuments.get([scope, key]))?.referenceId).toBe('4500099');
    const ctx: DrainContext = { db: asSyncDb(db), fetch: real, now: Date.now, signal: new AbortController().signal, backoff: { baseMs: 10, maxMs: 10, random: () => 0 } };
    await drainOutbox(ctx);
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: 'failed', errors: ['An exported invoice cannot be corrected'] });
    expect((await db.invoiceDocuments.get([scope, key]))?.referenceId).toBe('4500011');
  });
});
