import { z } from 'zod';
import { formatMessage, messages } from '../../src/domain/messages';
import type { Db } from '../db/database';
import { writeHistory } from '../history';
import { INVOICE_ENTITY } from '../invoices/invoice-rows';
import { MatchReads, matchInvoiceIn } from '../invoices/match-invoice';
import { documentOf, titleOf } from '../invoices/receive-invoice';
import { JobFailure, type JobHandler } from '../jobs/job-context';
import { recordChange } from '../sync/change-log';
import { extractFile } from './extract-file';
import type { ExtractedInvoice, ExtractionOutcome } from './extract/extracted-invoice';
import type { IntakeContext } from './process-message';
import { supplierAccountCode, supplierByPartyIds } from './route-supplier';

const payloadSchema = z.object({ oiid: z.number().int().positive(), user: z.string() });

/** The stored files an invoice was made from (its attachments, or the uploaded or cXML document), oldest first. */
export async function storedDocumentsOf(db: Db, oiid: number) {
  return db.selectFrom('intake_attachments').select(['id', 'file_name', 'content_type', 'blob_key']).where('oiid', '=', oiid).orderBy('id').execute();
}

type Read = { id: number; fileName: string; outcome: ExtractionOutcome };

/** The invoice document among the files read: a structured one before a PDF a template read. */
function chosen(files: Read[]): (Read & { invoice: ExtractedInvoice }) | null {
  const invoices = files.flatMap((f) => (f.outcome.kind === 'invoice' ? [{ ...f, invoice: f.outcome.invoice }] : []));
  return invoices.find((f) => f.invoice.format !== 'PDF-TEMPLATE') ?? invoices[0] ?? null;
}

function describe(found: ReturnType<typeof chosen>, files: Read[]): string {
  if (found) {
    const how = found.invoice.template ? ` (template ${found.invoice.template})` : ` (${found.invoice.format})`;
    return `Extraction re-run: invoice ${found.invoice.document.documentId ?? '(no number)'} read from ${found.fileName}${how}`;
  }
  const reasons = files.map((f) => `${f.fileName}: ${f.outcome.kind === 'invoice' ? 'invoice' : f.outcome.reason}`);
  return `Extraction re-run: no invoice document could be read (${reasons.join('; ')})`;
}

/**
 * Reads an invoice's stored documents again with the templates support has now (the
 * invoice's supplier's first), each in the sandbox, and replaces what the invoice holds:
 * its document (lines, fields), title and, when the document names one, its supplier. The
 * intake's own errors stay; matching then runs as on receipt. One transaction writes it
 * all with a new revision and the history entry, so the buyer's devices pull it at once.
 */
async function reExtractInvoice(ctx: IntakeContext, input: { buyerKey: string; oiid: number; user: string }): Promise<{ oiid: number; documentId: string | null }> {
  const invoice = await ctx.db
    .selectFrom('invoices')
    .select(['oiid', 'supplier_key', 'supplier_name', 'supplier_code', 'pdf_key', 'exported', 'intake_errors'])
    .where('oiid', '=', input.oiid)
    .where('buyer_key', '=', input.buyerKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!invoice) throw new JobFailure('The invoice no longer exists');
  if (invoice.exported === 1) throw new JobFailure(messages.reExtractExported);
  const stored = await storedDocumentsOf(ctx.db, invoice.oiid);
  if (stored.length === 0) throw new JobFailure(messages.reExtractNoDocument);

  const files: Read[] = [];
  for (const s of stored) {
    const blob = await ctx.blobs.get(s.blob_key);
    const outcome: ExtractionOutcome = blob
      ? await extractFile(ctx.db, { filename: s.file_name, contentType: s.content_type, bytes: blob.bytes }, { preferSupplierKey: invoice.supplier_key })
      : { kind: 'failed', reason: 'The stored file is missing', showPdf: false };
    files.push({ id: s.id, fileName: s.file_name, outcome });
  }
  const found = chosen(files);
  const byDocument = found ? await supplierByPartyIds(ctx.db, found.invoice.seller) : null;
  const supplier = byDocument
    ? { key: byDocument.supplierKey, name: byDocument.name, code: await supplierAccountCode(ctx.db, input.buyerKey, byDocument.supplierKey) }
    : { key: invoice.supplier_key, name: invoice.supplier_name, code: invoice.supplier_code };
  const pdf = files.find((f) => f.outcome.showPdf);
  const pdfKey = invoice.pdf_key ?? (pdf ? stored.find((s) => s.id === pdf.id)!.blob_key : null);
  const document = documentOf(found?.invoice ?? null, JSON.parse(invoice.intake_errors) as string[]);

  await ctx.db.transaction().execute(async (trx) => {
    const rev = await recordChange(trx, { entity: INVOICE_ENTITY, key: String(invoice.oiid), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: input.buyerKey }] });
    await trx
      .updateTable('invoices')
      .set({
        document: document ? JSON.stringify(document) : null,
        title: titleOf(found?.invoice ?? null),
        supplier_key: supplier.key,
        supplier_name: supplier.name,
        supplier_code: supplier.code,
        pdf_key: pdfKey,
        rev,
      })
      .where('oiid', '=', invoice.oiid)
      .execute();
    for (const f of files) {
      await trx
        .updateTable('intake_attachments')
        .set({ outcome: f.outcome.kind, reason: f.outcome.kind === 'invoice' ? null : f.outcome.reason })
        .where('id', '=', f.id)
        .execute();
    }
    await writeHistory(trx, input.user, {
      orgKey: input.buyerKey,
      entity: INVOICE_ENTITY,
      entityKey: String(invoice.oiid),
      type: 'EXTRACTED',
      action: 'Extraction re-run',
      description: describe(found, files),
    });
    await matchInvoiceIn(new MatchReads(trx), invoice.oiid, 'Extraction re-run');
  });
  return { oiid: invoice.oiid, documentId: document?.documentId ?? null };
}

/** The job support's request queues. */
export const handleReExtraction: JobHandler = async (ctx, job) => {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new JobFailure('The re-extraction job names no invoice');
  const result = await reExtractInvoice(ctx, { buyerKey: job.orgKey, ...parsed.data });
  return { ...result, message: formatMessage.reExtracted(result.documentId) };
};
