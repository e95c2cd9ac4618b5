import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingMessages } from '../../src/domain/matching-messages';
import { invoiceHistoryEntrySchema, invoiceItemSchema, type InvoiceItem } from '../../src/domain/schemas/invoices';
import { matchInvoice } from '../../server/invoices/match-invoice';
import { ACME, WESTMERE, matrix, newKey } from './helpers/orders-fixtures';
import { insertInvoice, insertOrder, invoiceDocument } from './helpers/matching-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 30: a clerk corrects a misread field of a received invoice and the invoice is
 * matched again in the same transaction, with history saying what was corrected and
 * what the new run changed.
 */
let t: TestApp;
const BUYER = 'buyer@uni.demo.test';
const BUYER_REGULAR = 'p.raman@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const OTHER_BUYER = 'buyer@northgate.demo.test';
const PO = '4500011';

beforeAll(async () => {
  t = await createTestApp();
  // 10 x A at 10.00 and 4 x B at 25.00; 2-way so nothing waits for an ASN.
  await insertOrder(t.db, { orderNo: PO, sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'A', quantity: 10, price: 10 }, { code: 'B', quantity: 4, price: 25 }] });
  await t.as(BUYER, {
    method: 'POST',
    url: `/api/buyer/${WESTMERE}/invoice-matching`,
    headers: { 'idempotency-key': newKey() },
    payload: { mode: '2-way', pricePercent: 0, priceAmount: 0, quantityUnits: 0, quantityPercent: 0, totalPercent: 5 },
  });
  // The change queues a re-matching job; left to the poller it could match a test's invoice
  // in the middle of the test and write its own 'Settings changed' history there.
  await t.app.jobRunner.runPending();
});
afterAll(() => t.close());

const correctUrl = (oiid: number, buyer = WESTMERE) => `/api/buyer/${buyer}/invoice/${oiid}/actions/correct`;
const correct = (user: string, oiid: number, payload: object, key = newKey()) =>
  t.as(user, { method: 'POST', url: correctUrl(oiid), headers: { 'idempotency-key': key }, payload });

async function invoice(oiid: number): Promise<InvoiceItem> {
  const res = await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}` });
  expect(res.statusCode).toBe(200);
  return invoiceItemSchema.parse(res.json());
}

async function history(oiid: number, type: string) {
  const res = await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice/${oiid}/history?type=${type}` });
  return invoiceHistoryEntrySchema.array().parse(res.json());
}

let serial = 0;
async function receive(po: string, lines: Array<{ code: string; quantity: number; price: number }>, number = `INV-C${++serial}`) {
  const oiid = await insertInvoice(t.db, {
    buyerKey: WESTMERE,
    supplierKey: ACME,
    supplierName: 'Acme Scientific',
    document: invoiceDocument({ number, po, lines }),
    createdAt: `2026-11-05T10:00:${String(serial).padStart(2, '0')}.000Z`,
  });
  await matchInvoice(t.db, oiid);
  return oiid;
}

describe('a corrected PO number', () => {
  it('turns PO number not found into Matched, keeps the extracted value and writes history', async () => {
    const oiid = await receive('4500001', [{ code: 'A', quantity: 2, price: 10 }]);
    const before = await invoice(oiid);
    expect(before.document!.validationErrors.header).toEqual([{ error: matchingMessages.poNotFound('4500001') }]);
    expect(before.matching).toEqual({ status: 'Exceptions', exceptions: 1 });

    const res = await correct(BUYER, oiid, { header: { referenceId: PO } });
    expect(res.statusCode).toBe(200);
    const answered = invoiceItemSchema.parse(res.json());
    expect(answered.document!.referenceId).toBe(PO);
    expect(answered.matching).toEqual({ status: 'Matched', exceptions: 0 });
    expect(answered.document!.validationErrors).toEqual({ general: [], header: [], line: [] });
    // Linked to the order it now quotes.
    expect(answered.document!.referenceSystemId).not.toBeNull();
    expect(answered.corrections).toMatchObject([{ field: 'referenceId', extracted: '4500001', user: 'Beatrice Buyer' }]);
    expect(answered.rev).toBeGreaterThan(before.rev);
    expect(await invoice(oiid)).toEqual(answered);

    expect((await history(oiid, 'CORRECTED'))[0]).toMatchObject({ action: 'PO Number corrected', description: `PO Number corrected from 4500001 to ${PO} by Beatrice Buyer`, user: 'Beatrice Buyer' });
    expect((await history(oiid, 'MATCHED'))[0]).toMatchObject({ action: 'Matched (Invoice corrected)', description: '1 header exception resolved; Exceptions (1) -> Matched' });
  });

  it('corrected again keeps the first extracted value; corrected back to it is no longer a correction', async () => {
    const oiid = await receive('4500002', [{ code: 'A', quantity: 1, price: 10 }]);
    expect((await correct(BUYER, oiid, { header: { referenceId: '4500003' } })).statusCode).toBe(200);
    const twice = invoiceItemSchema.parse((await correct(BUYER, oiid, { header: { referenceId: PO } })).json());
    expect(twice.corrections).toMatchObject([{ field: 'referenceId', extracted: '4500002' }]);
    expect((await history(oiid, 'CORRECTED')).map((e) => e.description)).toEqual([
      `PO Number corrected from 4500003 to ${PO} by Beatrice Buyer`,
      'PO Number corrected from 4500002 to 4500003 by Beatrice Buyer',
    ]);
    const back = invoiceItemSchema.parse((await correct(BUYER, oiid, { header: { referenceId: '4500002' } })).json());
    expect(back.corrections).toEqual([]);
    expect(back.matching?.status).toBe('Exceptions');
  });
});

describe('corrected lines and header fields', () => {
  it('a quantity and a unit price misread: the line exceptions are resolved and history says how many', async () => {
    // Line 1 billed 2 x 10.00 = 20.00 but read as 20; line 2 read at 52.00 instead of 25.00.
    const oiid = await receive(PO, [{ code: 'A', quantity: 2, price: 10 }, { code: 'B', quantity: 1, price: 25 }]);
    await t.db
      .updateTable('invoices')
      .set({ document: JSON.stringify({ ...(await invoice(oiid)).document!, lineItems: (await invoice(oiid)).document!.lineItems.map((l) => (l.id === 1 ? { ...l, qtyShipped: 20 } : { ...l, unitPrice: 52 })) }) })
      .where('oiid', '=', oiid)
      .execute();
    await matchInvoice(t.db, oiid);
    const misread = await invoice(oiid);
    expect(misread.matching?.status).toBe('Exceptions');
    expect(misread.document!.validationErrors.line.length).toBeGreaterThanOrEqual(3);

    const res = await correct(BUYER_REGULAR, oiid, { lines: [{ id: 1, qtyShipped: 2 }, { id: 2, unitPrice: 25 }] });
    expect(res.statusCode).toBe(200);
    const fixed = invoiceItemSchema.parse(res.json());
    expect(fixed.matching).toEqual({ status: 'Matched', exceptions: 0 });
    expect(fixed.document!.lineItems.map((l) => [l.qtyShipped, l.unitPrice])).toEqual([
      [2, 10],
      [1, 25],
    ]);
    expect((await history(oiid, 'CORRECTED')).map((e) => e.description).sort()).toEqual([
      'Line 1 (A) Quantity corrected from 20 to 2 by Priya Raman',
      'Line 2 (B) Unit Price corrected from 52 to 25 by Priya Raman',
    ]);
    const matched = (await history(oiid, 'MATCHED'))[0]!;
    expect(matched.action).toBe('Matched (Invoice corrected)');
    expect(matched.description).toMatch(/^\d+ line exceptions resolved; Exceptions \(\d+\) -> Matched$/);
    expect(matched.user).toBe('Priya Raman');
  });

  it('invoice number, issue date, code and UOM are corrected; a run that changes nothing still says so', async () => {
    const oiid = await receive(PO, [{ code: 'A', quantity: 1, price: 10 }], 'INV-MISREAD');
    const res = await correct(BUYER, oiid, { header: { documentId: 'INV-RIGHT', dateCreated: '2026-11-04' }, lines: [{ id: 1, code: 'A', uom: 'EA' }] });
    expect(res.statusCode).toBe(200);
    const item = invoiceItemSchema.parse(res.json());
    expect(item.document!.documentId).toBe('INV-RIGHT');
    expect(item.document!.dateCreated).toBe('2026-11-04T00:00:00.000Z');
    expect((await history(oiid, 'CORRECTED')).map((e) => e.description).sort()).toEqual([
      'Invoice Number corrected from INV-MISREAD to INV-RIGHT by Beatrice Buyer',
      'Issue Date corrected from 2026-11-05 to 2026-11-04 by Beatrice Buyer',
    ]);
    expect((await history(oiid, 'MATCHED'))[0]).toMatchObject({ action: 'Matched (Invoice corrected)', description: `No exceptions changed; ${item.matching!.status === 'Matched' ? 'Matched' : `Exceptions (${item.matching!.exceptions})`}` });
  });

  it('a corrected invoice number clears the duplicate flag of a later invoice', async () => {
    const first = await receive(PO, [{ code: 'B', quantity: 1, price: 25 }], 'INV-DUP');
    const second = await receive(PO, [{ code: 'B', quantity: 1, price: 25 }], 'INV-DUP');
    expect((await invoice(second)).document!.validationErrors.general[0]?.error).toMatch(/^Duplicate: invoice INV-DUP/);
    expect((await correct(BUYER, first, { header: { documentId: 'INV-DUP-0' } })).statusCode).toBe(200);
    expect((await invoice(second)).document!.validationErrors.general).toEqual([]);
    expect((await history(second, 'MATCHED'))[0]).toMatchObject({ action: 'Matched (Related invoice corrected)' });
  });
});

describe('refusals', () => {
  it('the form rules are checked again by the server, by field', async () => {
    const oiid = await receive(PO, [{ code: 'A', quantity: 1, price: 10 }]);
    const res = await correct(BUYER, oiid, { header: { referenceId: ' ', dateCreated: '2026-02-30' }, lines: [{ id: 1, qtyShipped: 0, unitPrice: -1, uom: '' }, { id: 9, code: 'X' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        'PO Number is required',
        'Issue Date must be a date (YYYY-MM-DD)',
        'UOM is required',
        'Quantity must be more than 0',
        'Unit Price must be 0 or more',
        'Line 9 is not on this invoice',
      ],
      fieldErrors: [
        { field: 'referenceId', message: 'PO Number is required' },
        { field: 'dateCreated', message: 'Issue Date must be a date (YYYY-MM-DD)' },
        { field: 'line.1.uom', message: 'UOM is required' },
        { field: 'line.1.qtyShipped', message: 'Quantity must be more than 0' },
        { field: 'line.1.unitPrice', message: 'Unit Price must be 0 or more' },
        { field: 'line.9', message: 'Line 9 is not on this invoice' },
      ],
    });
    expect((await correct(BUYER, oiid, { header: { poNumber: PO } })).statusCode).toBe(400);
    expect((await correct(BUYER, oiid, { lines: [{ id: 1, qtyShipped: '2' }] })).statusCode).toBe(400);
    expect((await history(oiid, 'CORRECTED'))).toEqual([]);
  });

  it('an exported invoice is refused with a clear message and left as it was', async () => {
    const oiid = await receive('4500001', [{ code: 'A', quantity: 1, price: 10 }]);
    await t.db.updateTable('invoices').set({ exported: 1, ve_status: 'Exported' }).where('oiid', '=', oiid).execute();
    const before = await invoice(oiid);
    const res = await correct(BUYER, oiid, { header: { referenceId: PO } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: [matchingMessages.correctExported] });
    expect(await invoice(oiid)).toEqual(before);
  });

  it('only users of the buyer (and support acting for it) may correct; another buyer gets 403 and its path 404', async () => {
    const oiid = await receive('4500001', [{ code: 'A', quantity: 1, price: 10 }]);
    // owner, another buyer, a supplier, support, no session: each correction sets the PO it already has after the first.
    expect(await matrix(t, 'buyer', () => ({ method: 'POST', url: correctUrl(oiid), payload: { header: { referenceId: PO } } }))).toEqual([200, 403, 403, 200, 401]);
    expect((await t.as(SUPPLIER, { method: 'POST', url: correctUrl(oiid, ACME), headers: { 'idempotency-key': newKey() }, payload: { header: {} } })).statusCode).toBe(403);
    // Another buyer's own path does not reach Westmere's invoice.
    const northgate = (await t.db.selectFrom('users').innerJoin('orgs', 'orgs.org_no', 'users.org_no').select('orgs.unique_key').where('users.username', '=', OTHER_BUYER).executeTakeFirstOrThrow()).unique_key;
    const res = await t.as(OTHER_BUYER, { method: 'POST', url: correctUrl(oiid, northgate), headers: { 'idempotency-key': newKey() }, payload: { header: { referenceId: 'X' } } });
    expect(res.statusCode).toBe(404);
    expect((await invoice(oiid)).document!.referenceId).toBe(PO);
    expect((await history(oiid, 'CORRECTED')).map((e) => e.user)).toEqual(['Beatrice Buyer']);
  });

  it('sent twice with the same key (a lost answer), it is applied once', async () => {
    const oiid = await receive('4500001', [{ code: 'A', quantity: 1, price: 10 }]);
    const key = newKey();
    const first = await correct(BUYER, oiid, { header: { referenceId: PO } }, key);
    const again = await correct(BUYER, oiid, { header: { referenceId: PO } }, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await history(oiid, 'CORRECTED')).toHaveLength(1);
  });
});
