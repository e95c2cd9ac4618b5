import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingMessages } from '../../src/domain/matching-messages';
import { formatMessage, messages } from '../../src/domain/messages';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { renderInvoicePdf } from '../../server/files/invoice-pdf';
import { SHIPPED_TEMPLATES } from '../../server/intake/extract/shipped-templates';
import { templateJson } from '../../server/intake/extract/template-store';
import { invoicesOf, seedIntakeAccounts } from './helpers/intake';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';

/** An Acme invoice in a layout whose heading ('Acme Scientific Labs') the shipped template does not know. */
const DOC: InvoiceDocument = {
  documentId: 'INV-2026-880001',
  dateCreated: '2026-10-20T00:00:00.000Z',
  referenceId: null,
  referenceSystemId: null,
  currency: 'AUD',
  freight: 10,
  additionalCharges: 0,
  subtotal: 59.75,
  discount: 0,
  totalTax: 6.98,
  totalValue: 76.73,
  comments: null,
  validationErrors: { general: [], header: [], line: [] },
  lineItems: [{ id: 1, sequence: 1, code: 'AC-GLV-NM', description: 'Nitrile examination gloves, medium (100)', qtyShipped: 5, uom: 'BX', unitPrice: 11.95, discount: 0, tax: 5.98, grossLineTotal: 65.73 }],
};

let t: TestApp;
let oiid: number;

const reExtract = (who: string, id: number, buyer = 'UNIWESTMERE1') =>
  t.as(who, { method: 'POST', url: `/api/buyer/${buyer}/invoice/${id}/actions/re-extract`, headers: { 'idempotency-key': crypto.randomUUID() } });
const history = async (id: number) =>
  (await t.as(BUYER, { method: 'GET', url: `/api/buyer/UNIWESTMERE1/invoice/${id}/history` })).json<Array<{ type: string; action: string; description: string; user: string }>>();

beforeAll(async () => {
  t = await createTestApp();
  await seedIntakeAccounts(t.db);
  const pdf = await renderInvoicePdf({
    title: 'Tax Invoice',
    supplier: { name: 'Acme Scientific Labs', addressLines: ['ABN 51 824 753 556', '12 Industrial Drive', 'Alexandria NSW 2015'], email: 'ar@acme.demo.test' },
    supplierCode: null,
    billTo: { name: 'University of Westmere', addressLines: ['Accounts Payable'], email: null },
    document: DOC,
  });
  const url = await t.as(BUYER, { method: 'POST', url: '/api/buyer/UNIWESTMERE1/invoice/action/upload-url', payload: { fileName: 'acme-880001.pdf' } });
  const put = await t.app.inject({ method: 'PUT', url: url.json<{ uploadUrl: string }>().uploadUrl, payload: pdf, headers: { 'content-type': 'application/octet-stream', 'x-file-type': 'application/pdf' } });
  expect(put.statusCode).toBe(200);
  await t.app.jobRunner.runPending();
  const [invoice] = await invoicesOf(t);
  expect(invoice).toMatchObject({ title: messages.documentWithExtractionProblems, document: null, supplierName: null });
  oiid = invoice!.oiid;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("support re-runs extraction of an invoice with the supplier's current templates", () => {
  it('is refused to the buyer (its admin too), to a supplier, and answers 404 for another buyer of the invoice', async () => {
    expect((await reExtract(BUYER, oiid)).statusCode).toBe(403);
    expect((await reExtract(SUPPLIER, oiid)).statusCode).toBe(403);
    expect((await reExtract(SUPPORT, oiid, 'UNINORTHGATE')).statusCode).toBe(404);
  });

  it('reads the stored PDF again once support fixed the template: fields, lines, supplier, matching and history', async () => {
    const shipped = SHIPPED_TEMPLATES.find((s) => s.supplierKey === 'SUPACMESCI01')!;
    const fixed = { ...JSON.parse(templateJson(shipped)), keywords: ['^Acme Scientific Labs  (?:TAX )?INVOICE$'] };
    const saved = await t.as(SUPPORT, { method: 'POST', url: '/api/org/SUPACMESCI01/extraction-template', payload: { name: shipped.name, template: JSON.stringify(fixed) } });
    expect(saved.statusCode).toBe(201);

    const queued = await reExtract(SUPPORT, oiid);
    expect(queued.statusCode).toBe(202);
    const { jobId } = queued.json<{ jobId: number }>();
    // A job: nothing is read on the request path.
    expect((await invoicesOf(t)).find((i) => i.oiid === oiid)?.document).toBeNull();
    const revBefore = (await invoicesOf(t)).find((i) => i.oiid === oiid)!.rev;

    await t.app.jobRunner.runPending();
    const job = (await t.as(SUPPORT, { method: 'GET', url: `/api/org/UNIWESTMERE1/job/${jobId}` })).json<{ state: string; result: { message: string } }>();
    expect(job).toMatchObject({ state: 'done', result: { message: formatMessage.reExtracted('INV-2026-880001') } });
    const invoice = (await invoicesOf(t)).find((i) => i.oiid === oiid)!;
    expect(invoice).toMatchObject({ title: 'Tax Invoice', supplierName: 'Acme Scientific', supplierCode: 'AP10100' });
    expect(invoice.rev).toBeGreaterThan(revBefore);
    const { validationErrors, ...fields } = invoice.document!;
    const { validationErrors: _, ...expected } = DOC;
    expect(fields).toEqual(expected);
    // Matched as on receipt: the invoice quotes no PO.
    expect(validationErrors.header.map((e) => e.error)).toContain(matchingMessages.noPoNumber);
    expect(invoice.matching?.status).toBe('Exceptions');
    const entries = await history(oiid);
    expect(entries.find((e) => e.type === 'EXTRACTED')).toMatchObject({
      action: 'Extraction re-run',
      description: 'Extraction re-run: invoice INV-2026-880001 read from acme-880001.pdf (template Acme Scientific tax invoice)',
    });
    expect(entries.some((e) => e.action === 'Matched (Extraction re-run)')).toBe(true);
  }, 60_000);

  it('refuses an exported invoice and one without a stored document', async () => {
    await t.db.updateTable('invoices').set({ exported: 1 }).where('oiid', '=', oiid).execute();
    const exported = await reExtract(SUPPORT, oiid);
    expect(exported.statusCode).toBe(409);
    expect(exported.json<{ errors: string[] }>().errors).toEqual([messages.reExtractExported]);
    await t.db.updateTable('invoices').set({ exported: 0 }).where('oiid', '=', oiid).execute();
    await t.db.updateTable('intake_attachments').set({ oiid: null }).where('oiid', '=', oiid).execute();
    const bare = await reExtract(SUPPORT, oiid);
    expect(bare.statusCode).toBe(409);
    expect(bare.json<{ errors: string[] }>().errors).toEqual([messages.reExtractNoDocument]);
  });
});
