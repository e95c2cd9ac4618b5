import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres } from '../../server/db/database';
import { invoiceHistoryEntrySchema, invoiceItemSchema, type InvoiceItem } from '../../src/domain/schemas/invoices';
import { DEFAULT_MATCHING_SETTINGS } from '../../src/domain/schemas/invoice-matching';
import { matchInvoice } from '../../server/invoices/match-invoice';
import { ACME, WESTMERE, matrix, newKey, runExport } from './helpers/orders-fixtures';
import { insertInvoice, insertOrder, invoiceDocument } from './helpers/matching-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const PO = 'PO-MATCH-1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object) => t.as(user, { method: 'POST', url, headers: { 'idempotency-key': newKey() }, payload });

async function invoice(oiid: number): Promise<InvoiceItem> {
  const res = await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}` });
  expect(res.statusCode).toBe(200);
  return invoiceItemSchema.parse(res.json());
}

async function history(oiid: number) {
  const res = await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}/history?type=MATCHED` });
  return invoiceHistoryEntrySchema.array().parse(res.json());
}

function submitAsn(lines: Array<{ number: number; quantity: number }>) {
  return post(SUPPLIER, `/api/seller/${ACME}/buyer/${WESTMERE}/asn`, {
    orderNumber: PO,
    noticeDate: '2026-11-03',
    deliveryDate: '2026-11-06',
    shipmentDate: '2026-11-04',
    carrierName: 'StarTrack',
    trackingId: `ST-${lines.length}-${lines[0]!.quantity}`,
    shipFrom: { name: 'Acme Dispatch', postalAddressCity: 'Alexandria', postalAddressCountryCode: 'AU' },
    shipTo: { name: 'Bio21 Store', postalAddressCity: 'Parkville' },
    lines: lines.map((l) => ({ ...l, uom: 'EA' })),
  });
}

const received = (n: number) => `2026-11-0${n}T10:00:00.000Z`;
const receive = async (number: string, lines: Array<{ code: string; quantity: number; price: number }>, at: string) => {
  const oiid = await insertInvoice(t.db, { buyerKey: WESTMERE, supplierKey: ACME, supplierName: 'Acme Scientific', document: invoiceDocument({ number, po: PO, lines }), createdAt: at });
  await matchInvoice(t.db, oiid);
  return oiid;
};

describe('an order, two partial ASNs and three invoices', () => {
  // PO-MATCH-1: 10 x A at 10.00 and 4 x B at 25.00, 220.00 with tax.
  let first = 0;
  let second = 0;
  let third = 0;

  it('matches what the first ASN shipped, and waits for the rest', async () => {
    await insertOrder(t.db, { orderNo: PO, sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'A', quantity: 10, price: 10 }, { code: 'B', quantity: 4, price: 25 }] });
    expect((await submitAsn([{ number: 1, quantity: 6 }, { number: 2, quantity: 2 }])).statusCode).toBe(201);

    first = await receive('INV-M1', [{ code: 'A', quantity: 6, price: 10 }, { code: 'B', quantity: 2, price: 25 }], received(5));
    second = await receive('INV-M2', [{ code: 'A', quantity: 4, price: 10 }, { code: 'B', quantity: 2, price: 25 }], received(6));
    third = await receive('INV-M3', [{ code: 'B', quantity: 1, price: 27 }], received(7));

    expect((await invoice(first)).matching).toEqual({ status: 'Matched', exceptions: 0 });
    const waiting = await invoice(second);
    expect(waiting.matching).toEqual({ status: 'Pending Receiving', exceptions: 0 });
    expect(waiting.document!.validationErrors).toEqual({ general: [], header: [], line: [] });
    const held = await invoice(third);
    expect(held.matching).toEqual({ status: 'Exceptions', exceptions: 2 });
    expect(held.document!.validationErrors.line).toEqual([{ error: 'Line 1 (B): unit price 27.00 is not 25.00, the price ordered, within tolerance' }]);
    expect(held.document!.validationErrors.header).toEqual([
      { error: 'Total 29.70 is above the 0.00 left of order PO-MATCH-1 (order 220.00, invoiced before 220.00) by more than 5 %' },
    ]);
    expect((await history(second))[0]).toMatchObject({ action: 'Matched (Received)', description: 'Pending Receiving', user: 'Invoice matching' });
  });

  it('moves from Pending Receiving to Matched when the second ASN is submitted, with a new revision and history', async () => {
    const before = await invoice(second);
    const thirdBefore = await invoice(third);
    expect((await submitAsn([{ number: 1, quantity: 4 }, { number: 2, quantity: 2 }])).statusCode).toBe(201);

    const after = await invoice(second);
    expect(after.matching).toEqual({ status: 'Matched', exceptions: 0 });
    expect(after.rev).toBeGreaterThan(before.rev);
    expect((await history(second))[0]).toMatchObject({ action: 'Matched (ASN submitted)', description: 'Pending Receiving -> Matched' });
    // The third invoice's errors do not depend on what shipped: it is left as it was, revision and all.
    expect((await invoice(third)).rev).toBe(thirdBefore.rev);
  });

  it('a duplicate of the first names the day it was received', async () => {
    const copy = await receive('INV-M1', [{ code: 'A', quantity: 6, price: 10 }, { code: 'B', quantity: 2, price: 25 }], received(8));
    const item = await invoice(copy);
    expect(item.document!.validationErrors.general).toEqual([{ error: 'Duplicate: invoice INV-M1 from Acme Scientific was already received on 2026-11-05' }]);
    expect(item.matching?.status).toBe('Exceptions');
  });
});

describe('export of a matched invoice and of one with exceptions', () => {
  const exportOf = (oiid: number, payload?: object) =>
    t.as(BUYER, { method: 'POST', url: `/api/buyer/${WESTMERE}/invoice/${oiid}/actions/export`, headers: { 'idempotency-key': newKey() }, ...(payload ? { payload } : {}) });
  const oiidOf = async (number: string, exported = 0) =>
    (await t.db.selectFrom('invoices').select('oiid').where('document_number', '=', number).where('exported', '=', exported).orderBy('oiid', 'desc').executeTakeFirstOrThrow()).oiid;
  const exportEntry = async (oiid: number) =>
    invoiceHistoryEntrySchema.array().parse((await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}/history?type=EXPORTED` })).json())[0];

  it('an invoice with exceptions is exported only once confirmed, and history says so', async () => {
    const copy = await oiidOf('INV-M1');
    const refused = await exportOf(copy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: ['This invoice has 2 exceptions: confirm to export it anyway'] });
    expect((await invoice(copy)).exported).toBe(false);

    expect(await runExport(t, WESTMERE, await exportOf(copy, { confirmExceptions: true }))).toMatchObject({ kind: 'edi-export', state: 'done' });
    expect((await invoice(copy)).exported).toBe(true);
    expect((await exportEntry(copy))?.description).toMatch(/^Invoice INV-M1 exported as cXML \(LOCAL\) with 2 exceptions, confirmed$/);
  });

  it('a matched invoice needs no confirmation and its history names none', async () => {
    const first = await oiidOf('INV-M2');
    expect((await invoice(first)).matching).toEqual({ status: 'Matched', exceptions: 0 });
    expect(await runExport(t, WESTMERE, await exportOf(first))).toMatchObject({ kind: 'edi-export', state: 'done' });
    expect((await invoice(first)).exported).toBe(true);
    expect((await exportEntry(first))?.description).toBe('Invoice INV-M2 exported as cXML (LOCAL)');
  });
});

describe("the buyer's Invoice Matching settings", () => {
  const url = `/api/buyer/${WESTMERE}/invoice-matching`;

  it('answer the defaults until saved, to the buyer (and support acting for it) only', async () => {
    const res = await t.as(BUYER, { method: 'GET', url });
    expect(res.json()).toEqual(DEFAULT_MATCHING_SETTINGS);
    expect(await matrix(t, 'buyer', () => ({ method: 'GET', url: `/api/buyer/${WESTMERE}/invoice-matching` }))).toEqual([200, 403, 403, 200, 401]);
  });

  it('are checked by the server', async () => {
    const res = await post(BUYER, url, { ...DEFAULT_MATCHING_SETTINGS, pricePercent: -1, totalPercent: 150 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Price tolerance (%) must be 0 or more', 'Total tolerance (%) must be at most 100']);
    expect((await post(BUYER, url, { ...DEFAULT_MATCHING_SETTINGS, mode: '1-way' })).statusCode).toBe(400);
    expect((await post(SUPPLIER, `/api/buyer/${ACME}/invoice-matching`, DEFAULT_MATCHING_SETTINGS)).statusCode).toBe(403);
  });

  it('a change queues a job that matches every invoice of the buyer again, and says what changed', async () => {
    const third = (await t.db.selectFrom('invoices').select('oiid').where('document_number', '=', 'INV-M3').executeTakeFirstOrThrow()).oiid;
    const settings = { ...DEFAULT_MATCHING_SETTINGS, priceAmount: 2, totalPercent: 20 };
    const res = await post(BUYER, url, settings);
    expect(res.statusCode).toBe(200);
    const { jobId } = res.json() as { jobId: number };
    expect(jobId).toBeGreaterThan(0);
    // Nothing is matched on the request path.
    expect((await invoice(third)).matching?.status).toBe('Exceptions');

    await t.app.jobRunner.runPending();
    const job = await t.as(BUYER, { method: 'GET', url: `/api/org/${WESTMERE}/job/${jobId}` });
    expect(job.json()).toMatchObject({ state: 'done', result: { invoices: 4 } });
    expect((await invoice(third)).matching).toEqual({ status: 'Matched', exceptions: 0 });
    expect((await history(third))[0]).toMatchObject({
      action: 'Matched (Settings changed)',
      description: '1 header exception resolved; 1 line exception resolved; Exceptions (2) -> Matched',
    });
    expect((await t.as(BUYER, { method: 'GET', url })).json()).toEqual(settings);

    // Saving the same settings again changes nothing and queues nothing.
    expect((await post(BUYER, url, settings)).json()).toMatchObject({ jobId: null });
  });
});

describe('the invoices quoting an order, looked up whenever the order comes in or changes', () => {
  it("are read from that order's entries of one index, oldest first, not from all the buyer's invoices", async () => {
    if (isPostgres(t.db)) return;
    const plan = await sql<{ detail: string }>`explain query plan select oiid from invoices where buyer_key = ${WESTMERE} and po_number = ${PO} and deleted = ${0} order by created_at, oiid`.execute(t.db);
    expect(plan.rows.map((r) => r.detail)).toEqual(['SEARCH invoices USING COVERING INDEX invoices_buyer_po_created (buyer_key=? AND po_number=? AND deleted=?)']);
  });
});
