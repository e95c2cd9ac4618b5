import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchReads, matchInvoice, matchInvoiceIn } from '../../server/invoices/match-invoice';
import { ACME, WESTMERE, newKey } from './helpers/orders-fixtures';
import { insertInvoice, insertOrder, invoiceDocument } from './helpers/matching-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A buyer's re-matching job (many invoices in one transaction) and a clerk's correction
 * (which matches the invoices quoting the same PO again) lock the same invoice rows. On
 * PostgreSQL they took them in opposite orders and one was killed as a deadlock: the
 * clerk saw 'Something went wrong'. Both take the revision counter's lock first now, so
 * one waits for the other. SQLite has one writer, so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(process.env.PORTAL_TEST_DATABASE_URL);
const BUYER = 'buyer@uni.demo.test';
const PO = '4500077';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ runJobs: false });
  await insertOrder(t.db, { orderNo: PO, sellerKey: ACME, buyerKey: WESTMERE, lines: [{ code: 'A', quantity: 10, price: 10 }] });
});
afterAll(() => t?.close());

async function receive(number: string, second: number) {
  const oiid = await insertInvoice(t.db, {
    buyerKey: WESTMERE,
    supplierKey: ACME,
    supplierName: 'Acme Scientific',
    document: invoiceDocument({ number, po: PO, lines: [{ code: 'A', quantity: 1, price: 10 }] }),
    createdAt: `2026-11-05T10:00:0${second}.000Z`,
  });
  await matchInvoice(t.db, oiid);
  return oiid;
}

describe.runIf(onPostgres)('matching many invoices beside a correction, on PostgreSQL', () => {
  it('a re-match holding an invoice and a correction re-matching it wait for each other; both commit', async () => {
    const corrected = await receive('INV-L1', 1);
    const related = await receive('INV-L2', 2);
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    // The job's batch: the related invoice first (its row is now locked), then, after the
    // correction has started, the corrected one.
    const job = t.db.transaction().execute(async (trx) => {
      const reads = new MatchReads(trx);
      await matchInvoiceIn(reads, related, 'Settings changed');
      await released;
      await matchInvoiceIn(reads, corrected, 'Settings changed');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const correction = t.as(BUYER, {
      method: 'POST',
      url: `/api/buyer/${WESTMERE}/invoice/${corrected}/actions/correct`,
      headers: { 'idempotency-key': newKey() },
      payload: { lines: [{ id: 1, qtyShipped: 2 }] },
    });
    // Long enough for the correction to reach its first lock (PostgreSQL looks for a
    // deadlock after a second of waiting).
    await new Promise((resolve) => setTimeout(resolve, 500));
    letGo();
    await job;
    expect((await correction).statusCode).toBe(200);
    const quantities = await t.db.selectFrom('invoices').select('document').where('oiid', '=', corrected).executeTakeFirstOrThrow();
    expect(JSON.parse(quantities.document!).lineItems[0].qtyShipped).toBe(2);
  });
});
