import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../src/domain/messages';
import {
  invoiceHistoryEntrySchema,
  invoiceItemSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePathSchema,
  invoiceUploadRequestSchema,
  type InvoiceHistoryEntry,
} from '../../src/domain/schemas/invoices';
import { uploadUrlSchema } from '../../src/domain/schemas/catalogue';
import { jobQueuedSchema } from '../../src/domain/schemas/jobs';
import { invoiceCorrectionSchema } from '../../src/domain/schemas/invoice-corrections';
import { correctInvoice } from '../invoices/correct-invoice';
import type { AppContext } from '../app-context';
import { jobUploadUrl } from '../catalogue/upload-url';
import type { Db } from '../db/database';
import { queueExportAnswer } from '../edi/export-request';
import { blobStoreFor } from '../files/blob-stores';
import { renderInvoicePdf, type InvoicePdfInput } from '../files/invoice-pdf';
import { readHistory, writeHistory } from '../history';
import { INVOICE_COLUMNS, INVOICE_ENTITY, toInvoiceItem } from '../invoices/invoice-rows';
import { conflict, notFound } from '../http/errors';
import { INTAKE_JOB_KINDS } from '../intake/intake-kinds';
import { storedDocumentsOf } from '../intake/re-extract-invoice';
import { enqueueJob } from '../jobs/queue';
import { fileAnswer } from '../http/file-schemas';
import { mutate } from '../http/mutate';
import { parse } from '../http/parse';
import { requireCapability, requireOrg, type OrgRef } from '../policy';
import type { Tx } from '../sync/change-log';
import { findInvoice as findBuyersInvoice, invoiceNumberOf, markInvoiceChanged, safeFilePart } from '../invoices/invoice-changes';

/** Invoices are always looked up within the path's buyer: another buyer's id answers 404. */
const findInvoice = (db: Tx, org: OrgRef, oiid: number) => findBuyersInvoice(db, org.orgKey, oiid);

const orgPathSchema = z.object({ id: z.string().min(1).max(40) });
/** Exporting an invoice with exceptions needs the user's confirmation (the body may be absent otherwise). */
const exportBodySchema = z.object({ confirmExceptions: z.boolean().optional() }).optional();
const historyQuerySchema = z.object({ type: z.string().trim().min(1).max(40).optional() });

async function buyerFor(request: FastifyRequest, db: Db, capability: 'viewInvoices' | 'exportInvoices' | 'uploadInvoices' | 'correctInvoices' | 'reExtractInvoices') {
  const { id } = parse(orgPathSchema, request.params);
  const { user, org } = await requireOrg(request, db, 'buyer', id);
  requireCapability(user, org, capability);
  return { user, org };
}

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const blobs = blobStoreFor(ctx.config);

  api.get('/buyer/:id/invoice', { schema: { querystring: invoiceListQuerySchema, params: orgPathSchema, response: { 200: invoicePageSchema } } }, async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const q = request.query;
    let query = db.selectFrom('invoices').select(INVOICE_COLUMNS).where('buyer_key', '=', org.orgKey).where('deleted', '=', 0);
    if (q.veStatus && q.veStatus !== 'All') query = query.where('ve_status', '=', q.veStatus);
    const rows = await query.orderBy('created_at', 'desc').orderBy('oiid', 'desc').limit(q.limit).offset(q.offset).execute();
    return rows.map(toInvoiceItem);
  });

  api.get('/buyer/:id/invoice/:invoiceId', { schema: { params: invoicePathSchema, response: { 200: invoiceItemSchema } } }, async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = request.params;
    return toInvoiceItem(await findInvoice(db, org, invoiceId));
  });

  api.post('/buyer/:id/invoice/:invoiceId/actions/read', { schema: { params: invoicePathSchema, response: { 200: invoiceItemSchema } } }, async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = request.params;
    return mutate(db, request, reply, async (trx) => {
      const row = await findInvoice(trx, org, invoiceId);
      if (row.read === 1) return { body: toInvoiceItem(row) };
      const updated = await markInvoiceChanged(trx, row, { read: 1 });
      await writeHistory(trx, user, {
        orgKey: org.orgKey,
        entity: INVOICE_ENTITY,
        entityKey: String(row.oiid),
        type: 'READ',
        action: 'Read',
        description: `Invoice ${invoiceNumberOf(row)} opened`,
      });
      return { body: toInvoiceItem(updated) };
    });
  });

  // A clerk corrects misread fields; the invoice is matched again in the same transaction.
  api.post('/buyer/:id/invoice/:invoiceId/actions/correct', { schema: { params: invoicePathSchema, body: invoiceCorrectionSchema, response: { 200: invoiceItemSchema } } }, async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'correctInvoices');
    const { invoiceId } = request.params;
    const correction = request.body;
    return mutate(db, request, reply, async (trx) => ({
      body: toInvoiceItem(await correctInvoice(trx, await findInvoice(trx, org, invoiceId), correction, user.displayName)),
    }));
  });

  api.post('/buyer/:id/invoice/:invoiceId/actions/export', { schema: { params: invoicePathSchema, body: exportBodySchema, response: { 202: jobQueuedSchema } } }, async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'exportInvoices');
    const { invoiceId } = request.params;
    const confirmExceptions = request.body?.confirmExceptions === true;
    return queueExportAnswer(db, request, reply, { target: 'invoice', orgKey: org.orgKey, id: invoiceId, user: user.displayName, confirmExceptions });
  });

  // Support, having fixed a supplier's template, reads the invoice's stored documents again: a job.
  api.post('/buyer/:id/invoice/:invoiceId/actions/re-extract', { schema: { params: invoicePathSchema, response: { 202: jobQueuedSchema } } }, async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'reExtractInvoices');
    const { invoiceId } = request.params;
    return mutate(db, request, reply, async (trx) => {
      const row = await findInvoice(trx, org, invoiceId);
      if (row.exported === 1) throw conflict([messages.reExtractExported]);
      if ((await storedDocumentsOf(trx, row.oiid)).length === 0) throw conflict([messages.reExtractNoDocument]);
      const jobId = await enqueueJob(trx, { orgKey: org.orgKey, kind: INTAKE_JOB_KINDS.reExtract, payload: { oiid: row.oiid, user: user.displayName } });
      return { status: 202, body: { jobId } };
    });
  });

  // The spec's upload pattern: a signed URL whose PUT queues the file for the intake.
  api.post('/buyer/:id/invoice/action/upload-url', { schema: { body: invoiceUploadRequestSchema, params: orgPathSchema, response: { 200: uploadUrlSchema } } }, async (request) => {
    const { user, org } = await buyerFor(request, db, 'uploadInvoices');
    const { fileName } = request.body;
    const uploadUrl = jobUploadUrl(ctx.config, {
      orgKey: org.orgKey,
      fileName: safeFilePart(fileName),
      purpose: INTAKE_JOB_KINDS.upload,
      user,
      params: { fileName },
    });
    return { uploadUrl };
  });

  api.get('/buyer/:id/invoice/:invoiceId/history', { schema: { params: invoicePathSchema, querystring: historyQuerySchema, response: { 200: z.array(invoiceHistoryEntrySchema) } } }, async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = request.params;
    const { type } = request.query;
    const row = await findInvoice(db, org, invoiceId);
    const entries = await readHistory(db, INVOICE_ENTITY, String(row.oiid), type);
    return entries.map((e): InvoiceHistoryEntry => ({ date: e.date, action: e.action, description: e.description, user: e.user, type: e.type }));
  });

  api.get('/buyer/:id/invoice/:invoiceId/pdf', { schema: { params: invoicePathSchema, response: fileAnswer('The invoice as PDF, shown inline', 'application/pdf') } }, async (request, reply) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = request.params;
    const row = await findInvoice(db, org, invoiceId);
    if (!row.pdf_key) throw notFound('PDF');
    let blob = await blobs.get(row.pdf_key);
    if (!blob) {
      // Demo invoices carry the data their attachment is drawn from; it is rendered once and kept.
      const source = await db.selectFrom('invoices').select('pdf_source').where('oiid', '=', row.oiid).executeTakeFirst();
      if (!source?.pdf_source) throw notFound('PDF');
      const bytes = await renderInvoicePdf(JSON.parse(source.pdf_source) as InvoicePdfInput);
      await blobs.put(row.pdf_key, bytes, 'application/pdf');
      blob = { bytes, contentType: 'application/pdf' };
    }
    const fileName = `${safeFilePart(invoiceNumberOf(row))}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .send(blob.bytes);
  });
}

