import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingMessages } from '../../src/domain/matching-messages';
import { formatMessage } from '../../src/domain/messages';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { ublInvoiceXml } from '../../server/db/demo/invoice-xml';
import { nestedFormsBombPdf, manyPagesPdf } from './helpers/hostile-pdfs';
import { invoicesOf, seedIntakeAccounts, startTestSmtp, type TestSmtp } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

const FIXTURES = join(import.meta.dirname, '../fixtures/invoices');
const BUYER = 'buyer@uni.demo.test';

/** An Acme invoice as its AP system would state it (PEPPOL BIS 3, Acme's ABN as the seller's ids). */
const ACME_DOC: InvoiceDocument = {
  documentId: 'INV-2026-777001',
  dateCreated: '2026-10-14T00:00:00.000Z',
  referenceId: '4500012345',
  referenceSystemId: null,
  currency: 'AUD',
  freight: 12.5,
  additionalCharges: 5.5,
  subtotal: 150.75,
  discount: 3.77,
  totalTax: 15.5,
  totalValue: 180.48,
  comments: 'Payment terms: 30 days from invoice date.',
  validationErrors: { general: [], header: [], line: [] },
  lineItems: [
    { id: 1, sequence: 1, code: 'AC-PIP-1000', description: 'Pipette tips 1000 uL, graduated, racked (10 x 96)', qtyShipped: 2, uom: 'BX', unitPrice: 48.9, discount: 4.89, tax: 9.29, grossLineTotal: 102.2 },
    { id: 2, sequence: 2, code: 'AC-GLV-NM', description: 'Nitrile examination gloves, powder free, medium (100)', qtyShipped: 5, uom: 'BX', unitPrice: 11.95, discount: 0, tax: 0, grossLineTotal: 59.75 },
  ],
};
/** The fields extraction reads, without the validation errors matching computes. */
const fieldsOf = ({ validationErrors: _, ...fields }: InvoiceDocument) => fields;
/**
 * What matching finds in ACME_DOC, received without its order: the stated sum of lines is
 * not its lines' net amounts (92.91 + 59.75), and PO 4500012345 is no order of the buyer.
 */
const ACME_HEADER_ERRORS = [
  { error: "BR-CO-10: sum of lines 150.75 is not the lines' net amounts added up, 152.66" },
  { error: matchingMessages.poNotFound('4500012345') },
];
const acmeUbl = () =>
  ublInvoiceXml({
    document: ACME_DOC,
    seller: { name: 'Acme Scientific', abn: '51 824 753 556', email: 'ar@acme.demo.test' },
    buyer: { name: 'University of Westmere', abn: null, email: null },
  });

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol4;</Invoice>`;
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

describe('invoices by mail and upload: documents, routing and hostile files', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    t = await createTestApp({ intake: { smtpPort: 0, smtpHost: '127.0.0.1', imapUrl: null, dnsRecords: {} } });
    await seedIntakeAccounts(t.db);
    smtp = await startTestSmtp(t);
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('reads a UBL invoice mailed as an attachment field by field and routes it to the supplier by its ABN, whoever sends it', async () => {
    await smtp.send({
      from: 'peppol-gateway@access-point.example',
      to: 'invoices@uni.demo.test',
      subject: 'PEPPOL delivery',
      text: 'See attachment',
      attachments: [{ filename: 'INV-2026-777001.xml', content: acmeUbl(), contentType: 'text/plain' }],
    });
    await t.app.jobRunner.runPending();
    const invoice = (await invoicesOf(t)).find((i) => i.message.subject === 'PEPPOL delivery')!;
    expect(invoice).toMatchObject({ supplierName: 'Acme Scientific', supplierCode: 'AP10100', title: 'Tax Invoice', read: false });
    expect(fieldsOf(invoice.document!)).toEqual(fieldsOf(ACME_DOC));
    expect(invoice.document!.validationErrors).toEqual({ general: [], header: ACME_HEADER_ERRORS, line: [] });
    expect(invoice.message.pdfUrl).toBeNull();
    const history = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${invoice.oiid}/history` })).json<Array<{ type: string; description: string }>>();
    expect(history.map((e) => e.type)).toEqual(['MATCHED', 'RECEIVED']);
    expect(history[1]!.description).toMatch(/^Received by email from peppol-gateway@access-point\.example \(DKIM none, SPF none access-point\.example\): invoice INV-2026-777001$/);
  });

  it('creates the invoice of a document from a supplier not on the portal with the supplier empty and a General error', async () => {
    const xml = readFileSync(join(FIXTURES, 'ubl/peppol-bis3-invoice.xml'));
    await smtp.send({ from: 'billing@unknown.example', to: 'invoices@uni.demo.test', subject: 'Unknown seller', text: 'x', attachments: [{ filename: 'inv.xml', content: xml }] });
    await t.app.jobRunner.runPending();
    const invoice = (await invoicesOf(t)).find((i) => i.message.subject === 'Unknown seller')!;
    expect(invoice.supplierName).toBeNull();
    expect(invoice.document!.documentId).toBe('12345');
    expect(invoice.document!.validationErrors.general).toEqual([{ error: matchingMessages.supplierNotIdentified('billing@unknown.example') }]);
  });

  it('shows a Factur-X PDF itself in the viewer, with the data of its embedded CII', async () => {
    const pdf = readFileSync(join(FIXTURES, 'factur-x/facturx-en16931.pdf'));
    await smtp.send({ from: 'ar@acme.demo.test', to: 'invoices@uni.demo.test', subject: 'Factur-X', text: 'x', attachments: [{ filename: 'facture.pdf', content: pdf }] });
    await t.app.jobRunner.runPending();
    const invoice = (await invoicesOf(t)).find((i) => i.message.subject === 'Factur-X')!;
    expect(invoice.document?.documentId).toBeTruthy();
    const served = await t.as(BUYER, { method: 'GET', url: invoice.message.pdfUrl! });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
  });

  it('takes in a mail without any invoice document as one invoice with extraction problems, keeping its attachments', async () => {
    await smtp.send({
      from: 'ar@acme.demo.test',
      to: 'invoices@uni.demo.test',
      subject: 'Photos of the delivery',
      html: '<p>See photos</p>',
      attachments: [{ filename: 'photo.png', content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), contentType: 'image/png' }],
    });
    await t.app.jobRunner.runPending();
    const invoice = (await invoicesOf(t)).find((i) => i.message.subject === 'Photos of the delivery')!;
    expect(invoice).toMatchObject({ document: null, supplierName: 'Acme Scientific', message: { pdfUrl: null } });
    const kept = await t.db.selectFrom('intake_attachments').select(['file_name', 'outcome', 'oiid']).where('oiid', '=', invoice.oiid).execute();
    expect(kept).toEqual([{ file_name: 'photo.png', outcome: 'no-invoice', oiid: invoice.oiid }]);
  });

  it('refuses hostile attachments one by one, still takes in the good one of the same mail, and answers other users meanwhile', async () => {
    await smtp.send({
      from: 'ar@acme.demo.test',
      to: 'invoices@uni.demo.test',
      subject: 'Mixed bag',
      text: 'x',
      messageId: '<mixed-bag@acme.demo.test>',
      attachments: [
        { filename: 'bomb.pdf', content: Buffer.from(nestedFormsBombPdf(40)) },
        { filename: 'long.pdf', content: Buffer.from(manyPagesPdf(5000)) },
        { filename: 'laughs.xml', content: BILLION_LAUGHS },
        { filename: 'invoice.pdf', content: EICAR, contentType: 'application/pdf' },
        { filename: 'archive.xml', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]), contentType: 'application/xml' },
        { filename: 'INV-2026-777001.xml', content: acmeUbl() },
      ],
    });
    const events: string[] = [];
    const running = t.app.jobRunner.runPending().then(() => events.push('intake finished'));
    // While the sandbox chews on the bombs, another user's request is answered.
    const other = await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/seller/SUPACMESCI01/order?limit=20&offset=0' });
    events.push(`orders answered ${other.statusCode}`);
    await running;
    expect(events).toEqual(['orders answered 200', 'intake finished']);

    const invoices = await invoicesOf(t);
    const invoice = invoices.find((i) => i.message.subject === 'Mixed bag')!;
    expect(fieldsOf(invoice.document!)).toEqual(fieldsOf(ACME_DOC));
    // The same invoice came by the PEPPOL gateway in the first test: matching names it a duplicate.
    const first = invoices.find((i) => i.message.subject === 'PEPPOL delivery')!;
    expect(invoice.document!.validationErrors).toEqual({
      general: [{ error: matchingMessages.duplicate('INV-2026-777001', 'Acme Scientific', first.message.createdDate.slice(0, 10)) }],
      header: ACME_HEADER_ERRORS,
      line: [],
    });
    const kept = await t.db.selectFrom('intake_attachments').select(['file_name', 'outcome']).where('oiid', '=', invoice.oiid).orderBy('id').execute();
    expect(kept.map((k) => k.file_name)).toEqual(['bomb.pdf', 'long.pdf', 'laughs.xml', 'invoice.pdf', 'archive.xml', 'INV-2026-777001.xml']);
    expect(kept.map((k) => k.outcome)).toEqual(['failed', expect.stringMatching(/failed|no-invoice/), 'failed', 'no-invoice', 'no-invoice', 'invoice']);
  }, 120_000);

  it('takes an uploaded file in through the upload URL, says who uploaded it, and refuses the same bytes twice', async () => {
    const bytes = Buffer.from(acmeUbl().replace('INV-2026-777001', 'INV-2026-777002'));
    const upload = async () => {
      const url = await t.as(BUYER, { method: 'POST', url: '/api/buyer/UNIWESTMERE1/invoice/action/upload-url', payload: { fileName: 'acme 777002.xml' } });
      expect(url.statusCode).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: url.json<{ uploadUrl: string }>().uploadUrl, payload: bytes, headers: { 'content-type': 'application/octet-stream', 'x-file-type': 'application/xml' } });
      expect(put.statusCode).toBe(200);
      await t.app.jobRunner.runPending();
      return (await t.as(BUYER, { method: 'GET', url: `/api/org/UNIWESTMERE1/job/${put.json<{ jobId: number }>().jobId}` })).json<{ state: string; error: string | null; result: { invoiceIds?: number[] } }>();
    };
    const first = await upload();
    expect(first.state).toBe('done');
    const [oiid] = first.result.invoiceIds!;
    const invoice = (await invoicesOf(t)).find((i) => i.oiid === oiid)!;
    expect(invoice).toMatchObject({ supplierName: 'Acme Scientific', document: { documentId: 'INV-2026-777002' }, message: { senderEmail: 'Beatrice Buyer' } });
    const history = (await t.as(BUYER, { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${oiid}/history` })).json<Array<{ type: string; description: string; user: string }>>();
    expect(history.find((e) => e.type === 'RECEIVED')).toMatchObject({ description: 'Uploaded by Beatrice Buyer (acme 777002.xml): invoice INV-2026-777002', user: 'Beatrice Buyer' });

    const second = await upload();
    expect(second).toMatchObject({ state: 'failed', error: formatMessage.invoiceUploadDuplicate('acme 777002.xml') });
    expect((await invoicesOf(t)).filter((i) => i.document?.documentId === 'INV-2026-777002')).toHaveLength(1);
  });

  it('lets only the buyer (or support) ask for an invoice upload URL', async () => {
    const supplier = await t.as('supplier@acme.demo.test', { method: 'POST', url: '/api/buyer/UNIWESTMERE1/invoice/action/upload-url', payload: {} });
    expect(supplier.statusCode).toBe(403);
    const otherBuyer = await t.as('buyer@northgate.demo.test', { method: 'POST', url: '/api/buyer/UNIWESTMERE1/invoice/action/upload-url', payload: {} });
    expect(otherBuyer.statusCode).toBe(403);
  });
});
