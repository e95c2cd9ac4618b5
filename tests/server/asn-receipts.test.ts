import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingMessages } from '../../src/domain/matching-messages';
import { receivingMessages as m } from '../../src/domain/receiving-messages';
import { OVER_DELIVERY_FACTOR } from '../../src/domain/schemas/asn-receipts';
import { asnSchema, type Asn } from '../../src/domain/schemas/asn';
import { invoiceHistoryEntrySchema, invoiceItemSchema } from '../../src/domain/schemas/invoices';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { MatchReads, matchInvoice, matchInvoiceIn } from '../../server/invoices/match-invoice';
import { insertInvoice, insertOrder, invoiceDocument } from './helpers/matching-fixtures';
import { ACME, WESTMERE, matrix, newKey } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const OTHER_BUYER = 'buyer@northgate.demo.test';
const NORTHGATE = 'UNINORTHGATE';
let orderId = 0;
let asn: Asn;

const post = (user: string | null, url: string, payload: object, key = newKey()) =>
  t.as(user, { method: 'POST', url, headers: { 'idempotency-key': key }, payload });
const receiptUrl = (asnId: number, buyer = WESTMERE) => `/api/buyer/${buyer}/asn/${asnId}/receipt`;
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors;

async function submitAsn(po: string, lines: Array<{ number: number; quantity: number }>): Promise<Asn> {
  const res = await post(SUPPLIER, `/api/seller/${ACME}/buyer/${WESTMERE}/asn`, {
    orderNumber: po,
    noticeDate: '2026-11-03',
    shipmentDate: '2026-11-04',
    carrierName: 'StarTrack',
    lines: lines.map((l) => ({ ...l, uom: 'EA' })),
  });
  expect(res.statusCode).toBe(201);
  return asnSchema.parse(res.json());
}

/** An invoice of Acme to the demo buyer quoting `po`, one line of `code`, inserted as the intake would (not yet matched). */
const invoiceOf = (number: string, po: string, line: { code: string; quantity: number }, createdAt: string) =>
  insertInvoice(t.db, {
    buyerKey: WESTMERE,
    supplierKey: ACME,
    supplierName: 'Acme Scientific',
    document: invoiceDocument({ number, po, lines: [{ ...line, price: 10 }] }),
    createdAt,
  });

beforeAll(async () => {
  t = await createTestApp();
  // PO-RCV-1: 12 x A and 4 x B, both shipped in full on one ASN.
  orderId = await insertOrder(t.db, { orderNo: 'PO-RCV-1', sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'A', quantity: 12, price: 10 }, { code: 'B', quantity: 4, price: 25 }] });
  asn = await submitAsn('PO-RCV-1', [{ number: 1, quantity: 12 }, { number: 2, quantity: 4 }]);
});
afterAll(() => t.close());

const full = () => ({ lines: [{ number: 1, quantity: 12 }, { number: 2, quantity: 4 }] });

describe('receiving a submitted ASN', () => {
  it('is open to the buyer of the order (and support acting as it), not to another buyer, a supplier or nobody', async () => {
    expect(await matrix(t, 'buyer', () => ({ method: 'POST', url: receiptUrl(asn.id), payload: full() }))).toEqual([200, 403, 403, 200, 401]);
    // Another buyer, on its own path, does not find this ASN.
    const other = await post(OTHER_BUYER, receiptUrl(asn.id, NORTHGATE), full());
    expect(other.statusCode).toBe(404);
    // A supplier cannot receive, even its own ASN through the buyer's path as support could.
    expect((await post(SUPPLIER, receiptUrl(asn.id), full())).statusCode).toBe(403);
  });

  it('refuses a negative quantity, more than ten times shipped, a short or over line without its reason, a line not on the ASN and a missing line', async () => {
    const bad = await post(BUYER, receiptUrl(asn.id), {
      lines: [
        { number: 1, quantity: -1 },
        { number: 2, quantity: 41, reason: 'OVER' },
        { number: 7, quantity: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([m.negative(1), m.aboveLimit(2, 41, 4, OVER_DELIVERY_FACTOR), m.notOnAsn(7)]);
    const short = await post(BUYER, receiptUrl(asn.id), { lines: [{ number: 1, quantity: 10 }] });
    expect(errorsOf(short)).toEqual([m.reasonNeeded(1), m.lineMissing(2)]);
    const over = await post(BUYER, receiptUrl(asn.id), { lines: [{ number: 1, quantity: 13, reason: 'DAMAGED' }, { number: 2, quantity: 3, reason: 'OVER' }] });
    expect(errorsOf(over)).toEqual([m.overReasonNeeded(1), m.reasonNeeded(2)]);
    const unknownReason = await post(BUYER, receiptUrl(asn.id), { lines: [{ number: 1, quantity: 13, reason: 'EXTRA' }, { number: 2, quantity: 4 }] });
    expect(unknownReason.statusCode).toBe(400);
    const malformed = await post(BUYER, receiptUrl(asn.id), { lines: [{ number: 1, quantity: 'ten' }] });
    expect(malformed.statusCode).toBe(400);
    expect((await post(BUYER, receiptUrl(999999), full())).statusCode).toBe(404);
  });

  it('stores each line received, once per Idempotency-Key, with a new revision both sides pull and history on the order and the ASN', async () => {
    const key = newKey();
    const revBefore = Number((await t.db.selectFrom('asns').select('rev').where('id', '=', asn.id).executeTakeFirstOrThrow()).rev);
    const body = { lines: [{ number: 1, quantity: 10, reason: 'DAMAGED' }, { number: 2, quantity: 4, reason: 'SHORT' }], receivedAt: new Date().toISOString() };
    const first = await post(BUYER, receiptUrl(asn.id), body, key);
    expect(first.statusCode).toBe(200);
    const received = asnSchema.parse(first.json());
    expect(received.receipts).toMatchObject([
      { number: 1, quantity: 10, reason: 'DAMAGED', receivedBy: expect.any(String) as string },
      // A full line carries no reason.
      { number: 2, quantity: 4, reason: null },
    ]);
    const again = await post(BUYER, receiptUrl(asn.id), body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const history = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/order/${orderId}/history?type=GOODS_RECEIVED` })).json() as Array<{ action: string; description: string; user: string }>;
    // The matrix's receipts came first; this one is the newest, and the replay wrote nothing.
    const latest = history[0]!;
    expect(latest.description).toBe(
      m.historyDescription(asn.shipmentId, [{ number: 1, received: 10, shipped: 12, reason: 'DAMAGED' }, { number: 2, received: 4, shipped: 4, reason: null }], body.receivedAt, latest.user),
    );
    expect(latest.description).toContain('line 1 received 10 of 12 (damaged)');
    expect(history.filter((h) => h.description === latest.description)).toHaveLength(1);
    const sellerHistory = (await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/asn/${asn.id}/history?type=GOODS_RECEIVED` })).json() as unknown[];
    expect(sellerHistory.length).toBeGreaterThan(0);

    // The supplier sees what arrived, on the ASN and through its changes feed.
    const seen = asnSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/asn/${asn.id}` })).json());
    expect(seen.receipts?.map((r) => r.quantity)).toEqual([10, 4]);
    const feed = (await t.as(SUPPLIER, { method: 'GET', url: `/api/sync/seller/${ACME}/changes?since=0&limit=500` })).json() as {
      changes: Array<{ entity: string; key: string; rev: number; row?: Asn }>;
    };
    const change = feed.changes.filter((c) => c.entity === 'asn' && c.key === String(asn.id)).at(-1)!;
    expect(change.row?.receipts?.[0]).toMatchObject({ number: 1, quantity: 10, reason: 'DAMAGED' });
    // PostgreSQL reads the bigint revision as text.
    expect(change.rev).toBe(Number((await t.db.selectFrom('asns').select('rev').where('id', '=', asn.id).executeTakeFirstOrThrow()).rev));
    expect(change.rev).toBeGreaterThan(revBefore);
  });

  it('a receipt dated in the future or before the ASN existed is dated by the server', async () => {
    const res = await post(BUYER, receiptUrl(asn.id), { ...full(), receivedAt: '2020-01-01T00:00:00.000Z' });
    const receipt = asnSchema.parse(res.json()).receipts![0]!;
    expect(receipt.receivedAt >= asn.createdDate).toBe(true);
  });
});

describe('what a scan at the dock finds a shipment by', () => {
  it("carries each line's product barcodes from the supplier's catalogue on the ASN the buyer reads and pulls; a line of no catalogue product carries none", async () => {
    await seedCatalogue(t.db, { products: 3 });
    const product = await t.db.selectFrom('products').select(['product_code', 'barcodes']).where('seller_key', '=', ACME).where('deleted', '=', 0).where('barcodes', '!=', '[]').executeTakeFirstOrThrow();
    const codes = (JSON.parse(product.barcodes) as Array<{ code: string }>).map((b) => b.code);
    expect(codes.length).toBeGreaterThan(0);
    await insertOrder(t.db, { orderNo: 'PO-RCV-5', sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: product.product_code, quantity: 2, price: 10 }, { code: 'NOT-IN-CATALOGUE', quantity: 1, price: 5 }] });
    const shipped = await submitAsn('PO-RCV-5', [{ number: 1, quantity: 2 }, { number: 2, quantity: 1 }]);
    expect(shipped.lines.map((l) => l.barcodes)).toEqual([[...new Set(codes)], undefined]);

    const read = asnSchema.parse((await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/asn/${shipped.id}` })).json());
    expect(read.lines[0]!.barcodes).toEqual([...new Set(codes)]);
    const feed = (await t.as(BUYER, { method: 'GET', url: `/api/sync/buyer/${WESTMERE}/changes?since=0&limit=500` })).json() as { changes: Array<{ entity: string; key: string; row?: Asn }> };
    const pulled = feed.changes.filter((c) => c.entity === 'asn' && c.key === String(shipped.id)).at(-1)!;
    expect(pulled.row?.lines[0]?.barcodes).toEqual([...new Set(codes)]);
  });
});

describe('3-way matching against what was received', () => {
  const invoice = async (oiid: number) => invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}` })).json());
  const history = async (oiid: number) =>
    invoiceHistoryEntrySchema.array().parse((await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}/history?type=MATCHED` })).json());

  it('compares the invoice with the received quantities once the buyer received the ASN, and with the shipped ones before', async () => {
    await insertOrder(t.db, { orderNo: 'PO-RCV-2', sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'C', quantity: 10, price: 10 }] });
    const shipped = await submitAsn('PO-RCV-2', [{ number: 1, quantity: 10 }]);
    const oiid = await invoiceOf('INV-RCV-1', 'PO-RCV-2', { code: 'C', quantity: 10 }, '2026-11-05T10:00:00.000Z');
    await matchInvoice(t.db, oiid);
    expect((await invoice(oiid)).matching).toEqual({ status: 'Matched', exceptions: 0 });

    // Two of the ten arrived damaged: the invoice's ten wait until ten are received (a replacement may come).
    const before = (await invoice(oiid)).rev;
    expect((await post(BUYER, receiptUrl(shipped.id), { lines: [{ number: 1, quantity: 8, reason: 'DAMAGED' }] })).statusCode).toBe(200);
    const waiting = await invoice(oiid);
    expect(waiting.matching).toEqual({ status: 'Pending Receiving', exceptions: 0 });
    expect(waiting.rev).toBeGreaterThan(before);
    expect((await history(oiid))[0]).toMatchObject({ action: 'Matched (Goods received)', description: 'Matched -> Pending Receiving' });

    // The receipt corrected to all ten: matched again.
    expect((await post(BUYER, receiptUrl(shipped.id), { lines: [{ number: 1, quantity: 10 }] })).statusCode).toBe(200);
    expect((await invoice(oiid)).matching).toEqual({ status: 'Matched', exceptions: 0 });
    // Five more units invoiced than arrived: the error names what was received.
    const extra = await invoiceOf('INV-RCV-2', 'PO-RCV-2', { code: 'C', quantity: 5 }, '2026-11-06T10:00:00.000Z');
    await matchInvoice(t.db, extra);
    expect((await invoice(extra)).document!.validationErrors.line).toEqual([{ error: matchingMessages.quantityAboveReceived(1, 'C', 5, 10, 10) }]);

    const orderHistory = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/order/${await idOf('PO-RCV-2')}/history?type=GOODS_RECEIVED` })).json() as Array<{ action: string }>;
    expect(orderHistory.map((h) => h.action)).toEqual([m.corrected, m.historyAction]);
  });

  it('an over-delivery is received as Over, shown to both sides, and the invoice is matched with what arrived up to what was ordered', async () => {
    await insertOrder(t.db, { orderNo: 'PO-RCV-3', sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'D', quantity: 14, price: 10 }] });
    const shipped = await submitAsn('PO-RCV-3', [{ number: 1, quantity: 12 }]);
    const invoiced = await invoiceOf('INV-RCV-3', 'PO-RCV-3', { code: 'D', quantity: 14 }, '2026-11-05T10:00:00.000Z');
    await matchInvoice(t.db, invoiced);
    // Fourteen billed, twelve announced, fourteen ordered: the invoice waits for the rest to ship.
    expect((await invoice(invoiced)).matching).toEqual({ status: 'Pending Receiving', exceptions: 0 });

    const res = await post(BUYER, receiptUrl(shipped.id), { lines: [{ number: 1, quantity: 14, reason: 'OVER' }] });
    expect(res.statusCode).toBe(200);
    expect(asnSchema.parse(res.json()).receipts).toMatchObject([{ number: 1, quantity: 14, reason: 'OVER' }]);
    // The fourteen that arrived are what the invoice is compared with.
    expect((await invoice(invoiced)).matching).toEqual({ status: 'Matched', exceptions: 0 });
    const seen = asnSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/asn/${shipped.id}` })).json());
    expect(seen.receipts).toMatchObject([{ number: 1, quantity: 14, reason: 'OVER' }]);
    const orderHistory = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/order/${await idOf('PO-RCV-3')}/history?type=GOODS_RECEIVED` })).json() as Array<{ description: string }>;
    expect(orderHistory[0]!.description).toContain('line 1 received 14 of 12 (over)');

    // More arrived than was ordered: a second invoice for the extra units is an exception, not a match.
    expect((await post(BUYER, receiptUrl(shipped.id), { lines: [{ number: 1, quantity: 16, reason: 'OVER' }] })).statusCode).toBe(200);
    const extra = await invoiceOf('INV-RCV-4', 'PO-RCV-3', { code: 'D', quantity: 2 }, '2026-11-06T10:00:00.000Z');
    await matchInvoice(t.db, extra);
    expect((await invoice(extra)).document!.validationErrors.line).toEqual([{ error: matchingMessages.quantityAboveOrdered(1, 'D', 2, 14, 14) }]);
  });
});

/**
 * A receipt re-matches its order's invoices while a re-matching job may hold one of them:
 * on PostgreSQL both take the revision counter's lock before any invoice row, so the
 * receipt waits for the job and both commit. SQLite has one writer, so this runs on
 * PostgreSQL only.
 */
describe.runIf(Boolean(process.env.PORTAL_TEST_DATABASE_URL))('a receipt beside a re-matching job, on PostgreSQL', () => {
  it('the job holding an invoice of the order and the receipt re-matching it wait for each other; both commit', async () => {
    await insertOrder(t.db, { orderNo: 'PO-RCV-4', sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'E', quantity: 3, price: 10 }] });
    const shipped = await submitAsn('PO-RCV-4', [{ number: 1, quantity: 3 }]);
    const first = await invoiceOf('INV-RCV-L1', 'PO-RCV-4', { code: 'E', quantity: 1 }, '2026-11-05T10:00:01.000Z');
    const second = await invoiceOf('INV-RCV-L2', 'PO-RCV-4', { code: 'E', quantity: 1 }, '2026-11-05T10:00:02.000Z');
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const job = t.db.transaction().execute(async (trx) => {
      const reads = new MatchReads(trx);
      await matchInvoiceIn(reads, second, 'Settings changed');
      await released;
      await matchInvoiceIn(reads, first, 'Settings changed');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const receipt = post(BUYER, receiptUrl(shipped.id), { lines: [{ number: 1, quantity: 2, reason: 'SHORT' }] });
    // Long enough for the receipt to reach its first lock (PostgreSQL looks for a deadlock after a second of waiting).
    await new Promise((resolve) => setTimeout(resolve, 500));
    letGo();
    await job;
    expect((await receipt).statusCode).toBe(200);
  });
});

async function idOf(orderNo: string) {
  return (await t.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;
}
