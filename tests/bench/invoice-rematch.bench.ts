/**
 * `npm run bench -- invoice-rematch`: re-matching every invoice of a buyer with 10,000
 * invoices against 2,000 orders (half of them with a submitted ASN) after the buyer
 * changed its matching settings, on a SQLite file as the product keeps it. Runs the
 * job's handler as the job runner does and prints the time, the rate and the longest
 * batch (how long one transaction holds the single writer, and with better-sqlite3 the
 * event loop: what another user's request may wait at most). Prints, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MATCHING_SETTINGS } from '../../src/domain/schemas/invoice-matching';
import { createDatabase, type Db } from '../../server/db/database';
import { seedOrgsAndUsers } from '../../server/db/demo/seed-orgs';
import { migrateToLatest } from '../../server/db/migrations';
import { blobStoreFor } from '../../server/files/blob-stores';
import { loadConfig } from '../../server/config';
import { rematchBuyerInvoices, REMATCH_BATCH } from '../../server/jobs/invoices/rematch-buyer-invoices';
import { insertInvoice, insertOrder, invoiceDocument } from '../server/helpers/matching-fixtures';
import { fmt } from './measure';

const BUYER = 'UNIWESTMERE1';
const SUPPLIER = 'SUPACMESCI01';
const ORDERS = 2_000;
const INVOICES = 10_000;
const CODES = ['AC-PIP-1000', 'AC-TUBE-15', 'AC-GLV-NM'];

async function fill(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let o = 0; o < ORDERS; o++) {
      const orderNo = `PO-B${String(o).padStart(5, '0')}`;
      const id = await insertOrder(trx, { orderNo, sellerKey: SUPPLIER, buyerKey: BUYER, lines: CODES.map((code, i) => ({ code, quantity: 50, price: 10 + i })) });
      if (o % 2 === 0) {
        const { id: asnId } = await trx
          .insertInto('asns')
          .values({
            shipment_id: `${orderNo}-S1`, seller_key: SUPPLIER, buyer_key: BUYER, order_id: id, order_number: orderNo, state: 'SUBMITTED',
            created_date: '2026-11-02', notice_date: '2026-11-02', delivery_date: '2026-11-04', shipment_date: '2026-11-02',
            carrier_name: 'StarTrack', tracking_id: orderNo, ship_from: '{}', ship_to: '{}', exported: 0, waiting_for_action: 1, rev: 0, deleted: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('asn_lines').values(CODES.map((_, i) => ({ asn_id: asnId, number: i + 1, quantity: 30, uom: 'EA' }))).execute();
      }
      // Five invoices an order, each billing 8 of every line: the last ones pass what was shipped or ordered.
      for (let n = 0; n < INVOICES / ORDERS; n++) {
        const document = invoiceDocument({ number: `INV-${o}-${n}`, po: orderNo, lines: CODES.map((code, i) => ({ code, quantity: 8 + n, price: 10 + i })) });
        await insertInvoice(trx, { buyerKey: BUYER, supplierKey: SUPPLIER, supplierName: 'Acme Scientific', document, createdAt: new Date(Date.UTC(2026, 9, 1) + (o * 5 + n) * 60_000).toISOString() });
      }
    }
  });
}

export async function benchInvoiceRematch(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-rematch-'));
  const db = createDatabase({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
    await seedOrgsAndUsers(db);
    let started = performance.now();
    await fill(db);
    console.log(`invoice-rematch: ${INVOICES} invoices, ${ORDERS} orders filled in ${fmt(performance.now() - started)} ms`);
    const config = loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_SECRET: 'bench' }, { distDir: null });
    const ctx = { db, config, blobs: blobStoreFor(config) };
    const org = await db.selectFrom('orgs').select('org_no').where('unique_key', '=', BUYER).executeTakeFirstOrThrow();

    for (const [label, settings] of [
      ['first match (every invoice changes)', DEFAULT_MATCHING_SETTINGS],
      ['after a settings change (2-way, quantity 10 %)', { ...DEFAULT_MATCHING_SETTINGS, mode: '2-way' as const, quantityPercent: 10 }],
    ] as const) {
      await db
        .insertInto('invoice_matching_settings')
        .values({ org_no: org.org_no, mode: settings.mode, price_percent: settings.pricePercent, price_amount: settings.priceAmount, quantity_units: settings.quantityUnits, quantity_percent: settings.quantityPercent, total_percent: settings.totalPercent, rev: 0 })
        .onConflict((oc) => oc.column('org_no').doUpdateSet({ mode: settings.mode, quantity_percent: settings.quantityPercent }))
        .execute();
      // The longest gap between two turns of the event loop while the job runs: what another request could wait.
      let longestStall = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - last);
        last = now;
      }, 5);
      started = performance.now();
      const result = (await rematchBuyerInvoices(ctx, { id: 1, orgKey: BUYER, kind: 'invoice-rematch', state: 'running', payload: { buyerKey: BUYER, user: 'Bench' }, result: null, error: null, createdAt: '', updatedAt: '', attempts: 1 })) as { invoices: number };
      const ms = performance.now() - started;
      clearInterval(ticker);
      const statuses = await db.selectFrom('invoices').select(['match_status']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('match_status').execute();
      console.log(
        `invoice-rematch ${label}: ${result.invoices} invoices in ${fmt(ms)} ms (${fmt((result.invoices / ms) * 1000)} invoices/s), batches of ${REMATCH_BATCH}, longest event-loop stall ${fmt(longestStall)} ms; ` +
          statuses.map((s) => `${s.match_status}: ${s.n}`).join(', '),
      );
    }
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
