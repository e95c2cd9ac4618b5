import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRowDisplay } from '../../src/domain/invoice-display';
import {
  INVOICE_VE_STATUSES,
  invoiceHistoryEntrySchema,
  invoiceItemSchema,
  invoicePageSchema,
  type InvoiceDocument,
  type InvoiceItem,
} from '../../src/domain/schemas/invoices';
import { HOSTILE_EMAIL_HOST, HOSTILE_EMAIL_SUBJECT } from '../../server/db/demo/seed-invoices';
import { dtdErrors } from './helpers/cxml-dtd';
import { runExport } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const BUYER = 'buyer@uni.demo.test';
const OTHER_BUYER = 'buyer@northgate.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const SUPPORT = 'support@demo.test';
const TERMS_PENDING = 'newbuyer@uni.demo.test';
const WESTMERE = 'UNIWESTMERE1';
const NORTHGATE = 'UNINORTHGATE';
const base = `/api/buyer/${WESTMERE}/invoice`;

let t: TestApp;
let key = 0;
const idem = () => ({ 'idempotency-key': `invoice-test-${++key}-${Date.now()}` });

type InvoiceRow = { oiid: number; buyer_key: string; read: number; exported: number; document: string | null; pdf_key: string | null; match_status: string | null };

async function rows(filter: (r: InvoiceRow) => boolean) {
  const all = await t.db.selectFrom('invoices').select(['oiid', 'buyer_key', 'read', 'exported', 'document', 'pdf_key', 'match_status']).orderBy('oiid').execute();
  return all.filter(filter);
}

/** An invoice that exports without confirming exceptions: one matching found Matched. */
const matched = (r: InvoiceRow) => r.document !== null && r.exported === 0 && r.match_status === 'Matched';

/**
 * An invoice's history after its arrival: without the intake's RECEIVED entry and the
 * 'Matched (Received)' entry of the matching run in the same transaction.
 */
async function historyOf(oiid: number) {
  const all = await t.db.selectFrom('history').selectAll().where('entity', '=', 'invoice').where('entity_key', '=', String(oiid)).orderBy('id').execute();
  const [received, arrivalMatch] = all;
  expect(received).toMatchObject({ type: 'RECEIVED' });
  expect(arrivalMatch).toMatchObject({ type: 'MATCHED', action: 'Matched (Received)', user: 'Invoice matching' });
  return all.slice(2);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  // The demo Westmere takes its invoice exports by mail; these tests read the LOCAL channel's files.
  await t.db.updateTable('edi_export_settings').set({ type: 'LOCAL', endpoint: null }).where('doc_type', '=', 'inv').execute();
});

afterAll(async () => {
  await t.close();
});

describe('demo invoices, taken in by the intake', () => {
  it('seeds over 100 invoices, most for University of Westmere, with revisions, each from one intake message', async () => {
    const all = await rows(() => true);
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.filter((r) => r.buyer_key === WESTMERE).length).toBeGreaterThanOrEqual(60);
    const zeroRev = await t.db.selectFrom('invoices').select('oiid').where('rev', '=', 0).execute();
    expect(zeroRev).toHaveLength(0);
    const messages = await t.db.selectFrom('intake_messages').select(['state', 'source']).execute();
    expect(messages.length).toBe(all.length);
    expect(new Set(messages.map((m) => `${m.source}/${m.state}`))).toEqual(new Set(['email/done', 'cxml/done']));
  });

  it('reads documents whose totals add up from UBL, Factur-X and PDFs; a few could not be read, a few have no supplier', async () => {
    const all = await rows(() => true);
    const docs = all.filter((r) => r.document).map((r) => JSON.parse(r.document!) as InvoiceDocument);
    for (const d of docs) {
      expect(d.lineItems.length).toBeGreaterThanOrEqual(3);
      expect(d.lineItems.length).toBeLessThanOrEqual(15);
      const net = d.lineItems.reduce((s, l) => s + l.grossLineTotal - l.tax, 0);
      expect(d.subtotal).toBeCloseTo(net, 2);
      // Net and tax are each rounded to cents, so a line may differ from the exact product by a cent.
      for (const l of d.lineItems) expect(Math.abs(l.grossLineTotal - (l.qtyShipped * l.unitPrice - l.discount + l.tax))).toBeLessThanOrEqual(0.0101);
      expect(d.totalValue).toBeCloseTo(d.subtotal - d.discount + d.freight + d.additionalCharges + d.totalTax, 2);
    }
    const attachments = await t.db.selectFrom('intake_attachments').select(['outcome', 'content_type']).execute();
    expect(attachments.some((a) => a.outcome === 'invoice' && a.content_type === 'application/xml')).toBe(true);
    expect(attachments.some((a) => a.outcome === 'invoice' && a.content_type === 'application/pdf')).toBe(true);
    expect(attachments.some((a) => a.outcome === 'failed')).toBe(true);
    const missing = all.filter((r) => !r.document).length;
    expect(missing).toBeGreaterThanOrEqual(3);
    expect(missing / all.length).toBeLessThan(0.2);
    const unknown = await t.db.selectFrom('invoices').select(['supplier_key', 'document']).where('supplier_key', 'is', null).execute();
    expect(unknown.length).toBeGreaterThan(0);
    for (const u of unknown.filter((r) => r.document)) {
      expect((JSON.parse(u.document!) as InvoiceDocument).validationErrors.general[0]!.error).toMatch(/^Supplier not identified/);
    }
  });

  it("quotes PO numbers of the seeded orders of the same buyer and supplier (the link to the order is the matching step's)", async () => {
    const linked = await t.db.selectFrom('invoices').select(['buyer_key', 'supplier_key', 'document']).where('document', 'is not', null).execute();
    const orders = await t.db.selectFrom('orders').select(['order_no', 'buyer_key', 'seller_key']).execute();
    const known = new Set(orders.map((o) => `${o.buyer_key}|${o.seller_key}|${o.order_no}`));
    const quoting = linked.filter((r) => known.has(`${r.buyer_key}|${r.supplier_key}|${(JSON.parse(r.document!) as InvoiceDocument).referenceId}`));
    expect(quoting.length).toBeGreaterThan(linked.length / 2);
  });

  it('varies between a PDF with the mail, and the mail alone', async () => {
    const all = await t.db.selectFrom('invoices').select(['pdf_key', 'message_html_body']).execute();
    expect(all.some((r) => r.pdf_key && r.message_html_body)).toBe(true);
    expect(all.some((r) => !r.pdf_key && r.message_html_body)).toBe(true);
  });

  it("gives the main buyer an unread invoice whose email tries to run script and load a remote image, with a two-page PDF", async () => {
    const res = await t.as(BUYER, { method: 'GET', url: `${base}?limit=100` });
    const hostile = invoicePageSchema.parse(res.json()).find((i) => i.message.subject === HOSTILE_EMAIL_SUBJECT);
    expect(hostile).toBeDefined();
    expect(hostile).toMatchObject({ read: false, exported: false, veStatus: 'Pending', supplierName: null });
    expect(hostile!.message.htmlBody).toContain('<script>');
    expect(hostile!.message.htmlBody).toContain(`https://${HOSTILE_EMAIL_HOST}/`);
    expect(hostile!.document!.validationErrors.general).toHaveLength(1);
    const pdf = await t.as(BUYER, { method: 'GET', url: hostile!.message.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page[^s]/g)).toHaveLength(2);
  });
});

describe('GET /buyer/{id}/invoice', () => {
  it('answers a page of 20, newest first, in the domain shape', async () => {
    const res = await t.as(BUYER, { method: 'GET', url: base });
    expect(res.statusCode).toBe(200);
    const page = invoicePageSchema.parse(res.json());
    expect(page).toHaveLength(20);
    expect(page.every((i) => i.buyerId === WESTMERE)).toBe(true);
    const dates = page.map((i) => i.message.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages with offset and limit without overlaps until a short page', async () => {
    const total = (await rows((r) => r.buyer_key === WESTMERE)).length;
    const seen = new Set<number>();
    let offset = 0;
    for (;;) {
      const res = await t.as(BUYER, { method: 'GET', url: `${base}?limit=20&offset=${offset}` });
      const page = invoicePageSchema.parse(res.json());
      for (const i of page) {
        expect(seen.has(i.oiid)).toBe(false);
        seen.add(i.oiid);
      }
      if (page.length < 20) break;
      offset += 20;
    }
    expect(seen.size).toBe(total);
    const small = invoicePageSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}?limit=5&offset=3` })).json());
    expect(small).toHaveLength(5);
  });

  it('filters by veStatus; All means no filter', async () => {
    const counts: Record<string, number> = {};
    for (const status of INVOICE_VE_STATUSES) {
      const res = await t.as(BUYER, { method: 'GET', url: `${base}?limit=100&veStatus=${status}` });
      const page = invoicePageSchema.parse(res.json());
      // Every invoice arrives Pending; Emailed and Exported come from the buyer's own actions.
      if (status === 'Pending') expect(page.length).toBeGreaterThan(0);
      expect(page.every((i) => i.veStatus === status)).toBe(true);
      counts[status] = page.length;
    }
    const all = invoicePageSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}?limit=100&veStatus=All` })).json());
    const none = invoicePageSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}?limit=100` })).json());
    expect(all.map((i) => i.oiid)).toEqual(none.map((i) => i.oiid));
    expect(all.length).toBe(counts.Pending! + counts.Emailed! + counts.Exported!);
    expect(all.filter((i) => i.veStatus === 'Exported').every((i) => i.exported)).toBe(true);
  });

  it('refuses a bad limit or offset with 400 and an errors list', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await t.as(BUYER, { method: 'GET', url: `${base}?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('shows an invoice without a document with the extraction-problem texts', async () => {
    const [missing] = await rows((r) => r.buyer_key === WESTMERE && !r.document);
    expect(missing).toBeDefined();
    const item = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${missing!.oiid}` })).json());
    expect(item.document).toBeNull();
    expect(item.message.subject.length).toBeGreaterThan(0);
    const row = invoiceRowDisplay(item);
    expect(row.title).toBe('Document with extraction problems');
    expect(row.number).toBe('No Number detected');
    expect(row.from).toBe(item.message.senderEmail);
  });
});

describe('GET /buyer/{id}/invoice/{invoiceId}', () => {
  it('answers the invoice with document, lines and message', async () => {
    const [one] = await rows((r) => r.buyer_key === WESTMERE && r.document !== null && r.pdf_key !== null);
    const res = await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}` });
    expect(res.statusCode).toBe(200);
    const item = invoiceItemSchema.parse(res.json());
    expect(item.oiid).toBe(one!.oiid);
    expect(item.document!.lineItems.length).toBeGreaterThanOrEqual(3);
    expect(item.message.pdfUrl).toBe(`/api/buyer/${WESTMERE}/invoice/${one!.oiid}/pdf`);
    expect(item.message.recipients.length).toBeGreaterThan(0);
  });

  it("answers 404 for another buyer's invoice and unknown ids, 400 for a malformed id", async () => {
    const [theirs] = await rows((r) => r.buyer_key === NORTHGATE);
    expect((await t.as(BUYER, { method: 'GET', url: `${base}/${theirs!.oiid}` })).statusCode).toBe(404);
    expect((await t.as(SUPPORT, { method: 'GET', url: `${base}/${theirs!.oiid}` })).statusCode).toBe(404);
    expect((await t.as(BUYER, { method: 'GET', url: `${base}/999999` })).statusCode).toBe(404);
    expect((await t.as(BUYER, { method: 'GET', url: `${base}/abc` })).statusCode).toBe(400);
  });
});

describe('POST .../actions/read', () => {
  it('marks read once, records the change for the buyer and writes history; a second call changes nothing', async () => {
    const [unread] = await rows((r) => r.buyer_key === WESTMERE && r.read === 0);
    const before = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${unread!.oiid}` })).json());
    expect(before.read).toBe(false);

    const res = await t.as(BUYER, { method: 'POST', url: `${base}/${unread!.oiid}/actions/read` });
    expect(res.statusCode).toBe(200);
    const after = invoiceItemSchema.parse(res.json());
    expect(after.read).toBe(true);
    expect(after.rev).toBeGreaterThan(before.rev);
    const change = await t.db
      .selectFrom('change_log')
      .selectAll()
      .where('entity', '=', 'invoice')
      .where('entity_key', '=', String(unread!.oiid))
      .where('rev', '=', after.rev)
      .execute();
    expect(change).toEqual([expect.objectContaining({ scope_kind: 'buyer', org_key: WESTMERE, op: 'upsert' })]);
    const history = await historyOf(unread!.oiid);
    expect(history.filter((h) => h.type === 'READ')).toEqual([expect.objectContaining({ type: 'READ', action: 'Read', user: 'Beatrice Buyer', org_key: WESTMERE })]);
    expect(history).toHaveLength(1);

    const again = invoiceItemSchema.parse((await t.as(BUYER, { method: 'POST', url: `${base}/${unread!.oiid}/actions/read` })).json());
    expect(again.read).toBe(true);
    expect(again.rev).toBe(after.rev);
    expect((await historyOf(unread!.oiid)).filter((h) => h.type === 'READ')).toHaveLength(1);
    expect(await historyOf(unread!.oiid)).toHaveLength(1);
  });

  it('replays the same Idempotency-Key with the same answer, applied once', async () => {
    const [unread] = await rows((r) => r.buyer_key === WESTMERE && r.read === 0);
    const headers = idem();
    const first = await t.as(BUYER, { method: 'POST', url: `${base}/${unread!.oiid}/actions/read`, headers });
    const second = await t.as(BUYER, { method: 'POST', url: `${base}/${unread!.oiid}/actions/read`, headers });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await historyOf(unread!.oiid)).filter((h) => h.type === 'READ')).toHaveLength(1);
    expect(await historyOf(unread!.oiid)).toHaveLength(1);
  });
});

describe('POST .../actions/export', () => {
  it('exports through the buyer LOCAL channel as a cXML InvoiceDetailRequest and marks the invoice Exported', async () => {
    const [one] = await rows((r) => r.buyer_key === WESTMERE && matched(r));
    const doc = JSON.parse(one!.document!) as InvoiceDocument;
    const res = await t.as(BUYER, { method: 'POST', url: `${base}/${one!.oiid}/actions/export` });
    // Queued: nothing says exported before the document went.
    const queued = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}` })).json());
    expect(queued).toMatchObject({ exported: false });
    const job = await runExport(t, WESTMERE, res);
    expect(job).toMatchObject({ kind: 'edi-export', state: 'done' });
    const item = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}` })).json());
    expect(item.exported).toBe(true);
    expect(item.veStatus).toBe('Exported');

    const dir = join(t.config.dataDir, 'exports', WESTMERE, 'inv');
    const files = readdirSync(dir).filter((f) => f.startsWith(`invoice-${one!.oiid}-`));
    expect(files).toHaveLength(1);
    const xml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(xml).toContain('<InvoiceDetailRequest>');
    expect(xml).toContain(`invoiceID="${doc.documentId}"`);
    expect(xml).toContain(`<NetAmount><Money currency="${doc.currency}">${doc.totalValue.toFixed(2)}</Money></NetAmount>`);
    expect(xml.match(/<InvoiceDetailItem /g)).toHaveLength(doc.lineItems.length);
    expect(dtdErrors(xml)).toEqual([]);

    const history = await historyOf(one!.oiid);
    expect(history.filter((h) => h.type !== 'READ')).toEqual([expect.objectContaining({ type: 'EXPORTED', action: 'Exported' })]);
  });

  it('replays the same Idempotency-Key without exporting twice', async () => {
    const [one] = await rows((r) => r.buyer_key === WESTMERE && matched(r));
    const headers = idem();
    const first = await t.as(BUYER, { method: 'POST', url: `${base}/${one!.oiid}/actions/export`, headers });
    await runExport(t, WESTMERE, first);
    const second = await t.as(BUYER, { method: 'POST', url: `${base}/${one!.oiid}/actions/export`, headers });
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    await t.app.jobRunner.runPending();
    const files = readdirSync(join(t.config.dataDir, 'exports', WESTMERE, 'inv')).filter((f) => f.startsWith(`invoice-${one!.oiid}-`));
    expect(files).toHaveLength(1);
    expect((await historyOf(one!.oiid)).filter((h) => h.type === 'EXPORTED')).toHaveLength(1);
  });

  it('refuses an invoice without an extracted document', async () => {
    const [missing] = await rows((r) => r.buyer_key === WESTMERE && !r.document);
    const res = await t.as(BUYER, { method: 'POST', url: `${base}/${missing!.oiid}/actions/export` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['Document extraction error.'] });
  });

  it('keeps the invoice unexported and writes EXPORT_FAILED history when the channel fails', async () => {
    const org = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', NORTHGATE).executeTakeFirstOrThrow();
    await t.db
      .insertInto('edi_export_settings')
      .values({
        org_no: org.org_no,
        doc_type: 'inv',
        order_format: 0,
        type: 'S3',
        ftp_server: null,
        ftp_dir: null,
        ftp_user: null,
        password: null,
        endpoint: null,
        rev: 0,
        deleted: 0,
      })
      .execute();
    const [one] = await rows((r) => r.buyer_key === NORTHGATE && matched(r));
    const job = await runExport(t, NORTHGATE, await t.as(OTHER_BUYER, { method: 'POST', url: `/api/buyer/${NORTHGATE}/invoice/${one!.oiid}/actions/export`, headers: idem() }));
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^Export failed: /);
    const item = invoiceItemSchema.parse((await t.as(OTHER_BUYER, { method: 'GET', url: `/api/buyer/${NORTHGATE}/invoice/${one!.oiid}` })).json());
    expect(item.exported).toBe(false);
    expect(item.veStatus).not.toBe('Exported');

    const history = await t.as(OTHER_BUYER, { method: 'GET', url: `/api/buyer/${NORTHGATE}/invoice/${one!.oiid}/history?type=EXPORT_FAILED` });
    const entries = history.json().map((e: unknown) => invoiceHistoryEntrySchema.parse(e));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'EXPORT_FAILED', action: 'Export failed', user: "Liam O'Connor" });
    expect(entries[0].description).toContain('S3');

    // A new request tries the channel again.
    const retry = await runExport(t, NORTHGATE, await t.as(OTHER_BUYER, { method: 'POST', url: `/api/buyer/${NORTHGATE}/invoice/${one!.oiid}/actions/export`, headers: idem() }));
    expect(retry.state).toBe('failed');
    expect((await historyOf(one!.oiid)).filter((h) => h.type === 'EXPORT_FAILED')).toHaveLength(2);
  });
});

describe('GET .../history', () => {
  it('lists date, action, description and user, newest first, filterable by type', async () => {
    const [one] = await rows((r) => r.buyer_key === WESTMERE && matched(r) && r.read === 0);
    await t.as(BUYER, { method: 'POST', url: `${base}/${one!.oiid}/actions/read` });
    await runExport(t, WESTMERE, await t.as(SUPPORT, { method: 'POST', url: `${base}/${one!.oiid}/actions/export` }));
    const res = await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}/history` });
    expect(res.statusCode).toBe(200);
    const entries = (res.json() as unknown[]).map((e) => invoiceHistoryEntrySchema.parse(e));
    // Matched in the transaction that received it: MATCHED right after RECEIVED.
    expect(entries.map((e) => e.type)).toEqual(['EXPORTED', 'READ', 'MATCHED', 'RECEIVED']);
    expect(entries[2]).toMatchObject({ action: 'Matched (Received)', description: 'Matched', user: 'Invoice matching' });
    expect(entries.find((e) => e.type === 'RECEIVED')!.description).toMatch(/^Received by email from \S+@\S+ \(DKIM none, SPF \w+/);
    expect(entries[0]!.user).toBe('Sam Support');
    const onlyRead = (await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}/history?type=READ` })).json();
    expect(onlyRead).toHaveLength(1);
  });
});

describe('GET .../pdf', () => {
  it('answers application/pdf bytes starting with %PDF, rendered once and kept in the blob store', async () => {
    const [one] = await rows((r) => r.buyer_key === WESTMERE && r.pdf_key !== null);
    const item = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${one!.oiid}` })).json());
    const res = await t.as(BUYER, { method: 'GET', url: item.message.pdfUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
    expect(existsSync(join(t.config.dataDir, 'blobs', one!.pdf_key!))).toBe(true);
    const again = await t.as(SUPPORT, { method: 'GET', url: item.message.pdfUrl! });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('renders the PDF of an invoice whose extraction failed too', async () => {
    const [missing] = await rows((r) => !r.document && r.pdf_key !== null);
    if (!missing) return;
    const res = await t.as(SUPPORT, { method: 'GET', url: `/api/buyer/${missing.buyer_key}/invoice/${missing.oiid}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('answers 404 for an invoice whose email had no PDF', async () => {
    const [noPdf] = await rows((r) => r.buyer_key === WESTMERE && r.pdf_key === null);
    const item: InvoiceItem = invoiceItemSchema.parse((await t.as(BUYER, { method: 'GET', url: `${base}/${noPdf!.oiid}` })).json());
    expect(item.message.pdfUrl).toBeNull();
    expect((await t.as(BUYER, { method: 'GET', url: `${base}/${noPdf!.oiid}/pdf` })).statusCode).toBe(404);
  });
});

describe('authorization matrix', () => {
  let readId: number;
  let exportId: number;
  beforeAll(async () => {
    const candidates = await rows((r) => r.buyer_key === WESTMERE && r.document !== null && r.exported === 0 && r.pdf_key !== null);
    readId = candidates[0]!.oiid;
    exportId = (await rows((r) => r.buyer_key === WESTMERE && matched(r) && r.oiid !== readId))[0]!.oiid;
  });

  const routes = () => [
    { method: 'GET' as const, url: base },
    { method: 'GET' as const, url: `${base}/${readId}` },
    { method: 'GET' as const, url: `${base}/${readId}/history` },
    { method: 'GET' as const, url: `${base}/${readId}/pdf` },
    { method: 'POST' as const, url: `${base}/${readId}/actions/read` },
    { method: 'POST' as const, url: `${base}/${exportId}/actions/export` },
  ];

  it('refuses no session with 401', async () => {
    for (const r of routes()) expect((await t.as(null, r)).statusCode, `${r.method} ${r.url}`).toBe(401);
  });

  it('refuses another buyer, a supplier and a user who has not accepted the terms with 403', async () => {
    for (const user of [OTHER_BUYER, SUPPLIER, TERMS_PENDING]) {
      for (const r of routes()) expect((await t.as(user, r)).statusCode, `${user} ${r.method} ${r.url}`).toBe(403);
    }
  });

  it('refuses the buyer paths of a supplier organisation, even for support', async () => {
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/buyer/SUPACMESCI01/invoice' })).statusCode).toBe(404);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/buyer/SUPACMESCI01/invoice' })).statusCode).toBe(403);
  });

  it('lets the owner buyer and support through', async () => {
    for (const user of [BUYER, SUPPORT]) {
      for (const r of routes()) {
        const res = await t.as(user, r);
        expect(res.statusCode, `${user} ${r.method} ${r.url}`).toBe(r.url.endsWith('/actions/export') ? 202 : 200);
      }
    }
  });
});

describe('changes feed', () => {
  it('carries invoices to their buyer only, in the item shape, and a read mark as a newer revision', async () => {
    const [unread] = await rows((r) => r.buyer_key === WESTMERE && r.read === 0);
    const before = (await t.db.selectFrom('rev_counter').select('value').executeTakeFirstOrThrow()).value;
    const marked = invoiceItemSchema.parse((await t.as(BUYER, { method: 'POST', url: `${base}/${unread!.oiid}/actions/read` })).json());
    const res = await t.as(BUYER, { method: 'GET', url: `/api/sync/buyer/${WESTMERE}/changes?since=${Number(before)}` });
    expect(res.statusCode).toBe(200);
    const changes = res.json().changes as Array<{ entity: string; key: string; op: string; rev: number; row?: unknown }>;
    const change = changes.find((c) => c.entity === 'invoice' && c.key === String(unread!.oiid));
    expect(change).toMatchObject({ op: 'upsert', rev: marked.rev });
    expect(invoiceItemSchema.parse(change!.row)).toEqual(marked);

    const first = await t.as(OTHER_BUYER, { method: 'GET', url: `/api/sync/buyer/${NORTHGATE}/changes?since=0&limit=500` });
    const theirs = (first.json().changes as Array<{ entity: string; row?: InvoiceItem }>).filter((c) => c.entity === 'invoice');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((c) => c.row?.buyerId === NORTHGATE)).toBe(true);
  });
});
