import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { CXML_SAMPLE_FIELDS } from './helpers/cxml-invoice-sample';
import { invoicesOf, seedIntakeAccounts } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const BUYER = 'buyer@uni.demo.test';
const ACME_SECRET = 'acme-invoicing-secret-1';
const WESTMERE_SECRET = 'westmere-cxml-secret-1';

/** Coupa's public sample (tests/fixtures/invoices/SOURCES.md), addressed from Acme to the University of Westmere. */
const SAMPLE = readFileSync(join(import.meta.dirname, '../fixtures/invoices/cxml/invoice-taxes-at-line.xml'), 'utf8');

interface DocOptions {
  payloadId: string;
  invoiceId?: string;
  from?: string;
  to?: string;
  secret?: string;
  edit?: (xml: string) => string;
}

function invoiceXml(o: DocOptions): string {
  const xml = SAMPLE.replace('payloadID="1240598937@devtrunk.coupahost.com"', `payloadID="${o.payloadId}"`)
    .replace('invoiceID="3495"', `invoiceID="${o.invoiceId ?? '3495'}"`)
    .replace(/<From>[\s\S]*?<\/From>/, `<From><Credential domain="NetworkID"><Identity>${o.from ?? 'SUPACMESCI01'}</Identity></Credential></From>`)
    .replace(/<To>[\s\S]*?<\/To>/, `<To><Credential domain="NetworkID"><Identity>${o.to ?? 'UNIWESTMERE1'}</Identity></Credential></To>`)
    .replace(/<Identity>supplierid<\/Identity>\s*<SharedSecret>secret<\/SharedSecret>/, `<Identity>${o.from ?? 'SUPACMESCI01'}</Identity><SharedSecret>${o.secret ?? ACME_SECRET}</SharedSecret>`);
  return o.edit ? o.edit(xml) : xml;
}

let t: TestApp;
let n = 0;
const payload = () => `invoice-${++n}@acme.demo.test`;

async function post(body: string) {
  const res = await t.app.inject({ method: 'POST', url: '/cxml', headers: { 'content-type': 'text/xml' }, payload: body, remoteAddress: '198.51.100.7' });
  const status = /<Status code="(\d+)" text="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/Status>)/.exec(res.body);
  return { http: res.statusCode, code: Number(status?.[1]), text: status?.[2] ?? '', message: status?.[3] ?? '', body: res.body };
}

const cxmlMessages = () => t.db.selectFrom('intake_messages').selectAll().where('source', '=', 'cxml').orderBy('id').execute();
const invoicesNumbered = async (number: string) => (await invoicesOf(t)).filter((i) => i.document?.documentId === number);

beforeAll(async () => {
  t = await createTestApp({ runJobs: false });
  await seedIntakeAccounts(t.db);
  const put = (org: string, body: object) => t.as(SUPPORT, { method: 'PUT', url: `/api/org/${org}/cxml-credential`, payload: body });
  expect((await put('UNIWESTMERE1', { identities: [{ domain: 'NetworkID', identity: 'UNIWESTMERE1' }], sharedSecret: WESTMERE_SECRET })).statusCode).toBe(200);
  expect((await put('SUPACMESCI01', { identities: [{ domain: 'NetworkID', identity: 'SUPACMESCI01' }], sharedSecret: ACME_SECRET })).statusCode).toBe(200);
  expect((await put('SUPBIOLAB001', { identities: [{ domain: 'NetworkID', identity: 'SUPBIOLAB001' }] })).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('cXML InvoiceDetailRequest posted to /cxml', () => {
  it('answers 201 Accepted at once, and the intake job makes it the buyer invoice, every field read, history saying how it came', async () => {
    const payloadId = payload();
    const answer = await post(invoiceXml({ payloadId }));
    expect(answer).toMatchObject({ http: 200, code: 201, text: 'Accepted' });
    expect(answer.message).toBe('Invoice 3495 accepted: University of Westmere sees it once it is read');
    // Nothing was extracted on the request path: the document waits, stored, for its job.
    const [queued] = await cxmlMessages();
    expect(queued).toMatchObject({ state: 'queued', buyer_key: 'UNIWESTMERE1', sender: 'SUPACMESCI01', dedupe_key: 'cxml-invoice:SUPACMESCI01:3495' });
    expect(await invoicesNumbered('3495')).toHaveLength(0);
    const job = await t.db.selectFrom('jobs').select(['id', 'state', 'kind']).where('kind', '=', 'invoice-intake').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.state).toBe('queued');

    await t.app.jobRunner.runPending();
    expect((await t.db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirstOrThrow()).state).toBe('done');
    const [invoice] = await invoicesNumbered('3495');
    expect(invoice).toMatchObject({ supplierName: 'Acme Scientific', supplierCode: 'AP10100', read: false, title: 'Tax Invoice', message: { senderEmail: 'SUPACMESCI01', pdfUrl: null } });
    const { validationErrors: _, ...fields } = invoice!.document!;
    expect(fields).toEqual(CXML_SAMPLE_FIELDS);
    const history = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${invoice!.oiid}/history` })).json<Array<{ type: string; description: string }>>();
    expect(history.find((e) => e.type === 'RECEIVED')?.description).toBe('Received as cXML: invoice 3495');
  }, 60_000);

  it('answers the same payloadID again as the first time, and refuses the same invoice number under a new payloadID: one invoice', async () => {
    const payloadId = payload();
    const first = await post(invoiceXml({ payloadId, invoiceId: 'INV-DUP-1' }));
    expect(first).toMatchObject({ http: 200, code: 201 });
    const replay = await post(invoiceXml({ payloadId, invoiceId: 'INV-DUP-1' }));
    expect(replay.body).toBe(first.body);
    // Before the job ran: the queued message already holds the number.
    const queuedCopy = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-DUP-1' }));
    expect(queuedCopy).toMatchObject({ http: 409, code: 409, text: 'Conflict' });
    expect(queuedCopy.message).toMatch(/^Invoice INV-DUP-1 of this supplier was received on \d{4}-\d{2}-\d{2}: a second invoice with the same number is not taken$/);
    await t.app.jobRunner.runPending();
    // After the job: the invoice holds it.
    await t.db.deleteFrom('intake_messages').where('dedupe_key', '=', 'cxml-invoice:SUPACMESCI01:INV-DUP-1').execute();
    const later = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-DUP-1' }));
    expect(later).toMatchObject({ http: 409, code: 409 });
    expect(await invoicesNumbered('INV-DUP-1')).toHaveLength(1);
  }, 60_000);

  it("takes the invoice docs/cxml-inbound.md shows, with its part ids, comments and due amount", async () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/cxml-inbound.md'), 'utf8');
    const xml = /cat > invoice\.xml <<'XML'\n([\s\S]*?)\nXML\n/.exec(doc)![1]!.replace('Demo-cxml-secret-2026', ACME_SECRET);
    expect(await post(xml)).toMatchObject({ http: 200, code: 201, message: 'Invoice INV-CURL-1 accepted: University of Westmere sees it once it is read' });
    await t.app.jobRunner.runPending();
    const [invoice] = await invoicesNumbered('INV-CURL-1');
    const { validationErrors: _, ...fields } = invoice!.document!;
    expect(fields).toEqual({
      documentId: 'INV-CURL-1',
      dateCreated: '2026-11-27T00:00:00.000Z',
      referenceId: 'PO-WM-CURL-1',
      referenceSystemId: null,
      currency: 'AUD',
      freight: 0,
      additionalCharges: 0,
      subtotal: 125,
      discount: 0,
      totalTax: 12.5,
      totalValue: 137.5,
      comments: 'Thank you for your order',
      lineItems: [{ id: 1, sequence: 1, code: 'CUSTOM-1', description: 'Nitrile gloves, size M (100)', qtyShipped: 10, uom: 'BX', unitPrice: 12.5, discount: 0, tax: 12.5, grossLineTotal: 137.5 }],
    } satisfies Omit<InvoiceDocument, 'validationErrors'>);
  }, 60_000);

  it('refuses a wrong shared secret, a buyer sending an invoice, an unknown To and a supplier as To, keeping nothing', async () => {
    const before = (await cxmlMessages()).length;
    const wrongSecret = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-REF-1', secret: 'not-the-secret-at-all' }));
    expect(wrongSecret).toMatchObject({ http: 401, code: 401, message: 'The sender is not known here or its shared secret does not match' });
    const fromBuyer = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-REF-2', from: 'UNIWESTMERE1', to: 'UNIWESTMERE1', secret: WESTMERE_SECRET }));
    expect(fromBuyer).toMatchObject({ http: 401, code: 401 });
    const unknownTo = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-REF-3', to: 'NOBODY-77' }));
    expect(unknownTo).toMatchObject({ http: 400, code: 400, message: 'To names no buyer here: NetworkID/NOBODY-77' });
    const supplierTo = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-REF-4', to: 'SUPBIOLAB001' }));
    expect(supplierTo).toMatchObject({ http: 400, code: 400, message: 'To names no buyer here: NetworkID/SUPBIOLAB001' });
    expect(await cxmlMessages()).toHaveLength(before);
  });

  it('refuses malformed documents with the reason: not XML, invalid against InvoiceDetail.dtd, a date or amount that is not one, a cancellation', async () => {
    const before = (await cxmlMessages()).length;
    expect(await post('<cXML><Header>')).toMatchObject({ http: 400, code: 400 });
    const noSummary = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-BAD-1', edit: (x) => x.replace(/<InvoiceDetailSummary>[\s\S]*<\/InvoiceDetailSummary>/, '') }));
    expect(noSummary).toMatchObject({ http: 406, code: 406 });
    expect(noSummary.message).toMatch(/InvoiceDetailRequest/);
    const badDate = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-BAD-2', edit: (x) => x.replace('invoiceDate="2009-05-01T11:45:51-07:00"', 'invoiceDate="first of May"') }));
    expect(badDate).toMatchObject({ http: 400, code: 400, message: "invoiceDate is not a date: 'first of May'" });
    const badMoney = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-BAD-3', edit: (x) => x.replace('<Money currency="USD">30</Money>', '<Money currency="USD">thirty</Money>') }));
    expect(badMoney).toMatchObject({ http: 400, code: 400, message: "InvoiceDetailRequest/InvoiceDetailSummary/ShippingAmount/Money is not a number: 'thirty'" });
    const cancel = await post(invoiceXml({ payloadId: payload(), invoiceId: 'INV-BAD-4', edit: (x) => x.replace('operation="new"', 'operation="delete"') }));
    expect(cancel).toMatchObject({ http: 501, code: 450 });
    expect(await cxmlMessages()).toHaveLength(before);
    const log = await t.db.selectFrom('cxml_inbound').select(['payload_id', 'request_type', 'status_code']).where('payload_id', 'like', 'invoice-%').orderBy('id').execute();
    expect(log.filter((l) => l.request_type === 'InvoiceDetailRequest').map((l) => l.status_code)).toEqual(expect.arrayContaining([201, 409, 401, 400, 450]));
  });
});
