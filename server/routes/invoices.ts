import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationErrorCount } from '../../src/domain/invoice-display';
import { matchingMessages } from '../../src/domain/matching-messages';
import { messages } from '../../src/domain/messages';
import { invoiceListQuerySchema, invoicePathSchema, invoiceUploadRequestSchema, type InvoiceHistoryEntry } from '../../src/domain/schemas/invoices';
import type { AppContext } from '../app-context';
import { jobUploadUrl } from '../catalogue/upload-url';
import type { Db } from '../db/database';
import type { InvoicesTable } from '../db/tables/invoices';
import { invoiceDetailDocument } from '../edi/export-documents';
import { blobStoreFor } from '../files/blob-stores';
import { renderInvoicePdf, type InvoicePdfInput } from '../files/invoice-pdf';
import { readHistory, writeHistory } from '../history';
import {
  INVOICE_COLUMNS,
  INVOICE_ENTITY,
  parseInvoiceDocument,
  toInvoiceItem,
  type InvoiceRow,
} from '../invoices/invoice-rows';
import { badRequest, conflict, notFound } from '../http/errors';
import { INTAKE_JOB_KINDS } from '../intake/intake-kinds';
import { mutate } from '../http/mutate';
import { parse } from '../http/parse';
import { exportWithHistory } from '../orders/export-document';
import { requireCapability, requireOrg, type OrgRef } from '../policy';
import { recordChange, type Tx } from '../sync/change-log';

/** Invoices are always looked up within the path's buyer: another buyer's id answers 404. */
async function findInvoice(db: Tx, org: OrgRef, oiid: number): Promise<InvoiceRow> {
  const row = await db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('oiid', '=', oiid)
    .where('buyer_key', '=', org.orgKey)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Invoice');
  return row;
}

function invoiceNumberOf(row: InvoiceRow): string {
  return parseInvoiceDocument(row.document)?.documentId ?? `#${row.oiid}`;
}

async function markChanged(trx: Tx, row: InvoiceRow, set: Partial<Pick<InvoicesTable, 'read' | 'exported' | 've_status'>>) {
  const rev = await recordChange(trx, {
    entity: INVOICE_ENTITY,
    key: String(row.oiid),
    op: 'upsert',
    scopes: [{ kind: 'buyer', orgKey: row.buyer_key }],
  });
  await trx
    .updateTable('invoices')
    .set({ ...set, rev })
    .where('oiid', '=', row.oiid)
    .execute();
  return { ...row, ...set, rev };
}

const orgPathSchema = z.object({ id: z.string().min(1).max(40) });
/** Exporting an invoice with exceptions needs the user's confirmation (the body may be absent otherwise). */
const exportBodySchema = z.object({ confirmExceptions: z.boolean().optional() }).optional();
const historyQuerySchema = z.object({ type: z.string().trim().min(1).max(40).optional() });

async function buyerFor(request: FastifyRequest, db: Db, capability: 'viewInvoices' | 'exportInvoices' | 'uploadInvoices') {
  const { id } = parse(orgPathSchema, request.params);
  const { user, org } = await requireOrg(request, db, 'buyer', id);
  requireCapability(user, org, capability);
  return { user, org };
}

/** An export of an invoice with validation errors says in history that the user confirmed them. */
function exceptionsNote(row: InvoiceRow, confirmed: boolean): string {
  const count = validationErrorCount({ document: parseInvoiceDocument(row.document) });
  return confirmed && count > 0 ? matchingMessages.exportedWithExceptions(count) : '';
}

function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'invoice';
}

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const blobs = blobStoreFor(ctx.config);

  app.get('/buyer/:id/invoice', async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const q = parse(invoiceListQuerySchema, request.query);
    let query = db.selectFrom('invoices').select(INVOICE_COLUMNS).where('buyer_key', '=', org.orgKey).where('deleted', '=', 0);
    if (q.veStatus && q.veStatus !== 'All') query = query.where('ve_status', '=', q.veStatus);
    const rows = await query.orderBy('created_at', 'desc').orderBy('oiid', 'desc').limit(q.limit).offset(q.offset).execute();
    return rows.map(toInvoiceItem);
  });

  app.get('/buyer/:id/invoice/:invoiceId', async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = parse(invoicePathSchema, request.params);
    return toInvoiceItem(await findInvoice(db, org, invoiceId));
  });

  app.post('/buyer/:id/invoice/:invoiceId/actions/read', async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = parse(invoicePathSchema, request.params);
    return mutate(db, request, reply, async (trx) => {
      const row = await findInvoice(trx, org, invoiceId);
      if (row.read === 1) return { body: toInvoiceItem(row) };
      const updated = await markChanged(trx, row, { read: 1 });
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

  app.post('/buyer/:id/invoice/:invoiceId/actions/export', async (request, reply) => {
    const { user, org } = await buyerFor(request, db, 'exportInvoices');
    const { invoiceId } = parse(invoicePathSchema, request.params);
    const confirmExceptions = parse(exportBodySchema, request.body)?.confirmExceptions === true;
    return exportWithHistory(db, request, reply, {
      user,
      failure: { orgKey: org.orgKey, entity: INVOICE_ENTITY, entityKey: String(invoiceId), prefix: 'Export failed' },
      prepare: async (trx) => {
        const row = await findInvoice(trx, org, invoiceId);
        const document = parseInvoiceDocument(row.document);
        if (!document) throw badRequest([messages.documentExtractionError]);
        // Matching found exceptions: the user must have seen and confirmed them.
        if (row.match_status === 'Exceptions' && !confirmExceptions) throw conflict([matchingMessages.exportNeedsConfirmation(Number(row.match_exceptions))]);
        const now = new Date();
        const content = await invoiceDetailDocument(
          trx,
          {
            oiid: row.oiid,
            buyerKey: org.orgKey,
            buyerName: org.name,
            supplierKey: row.supplier_key,
            supplierName: row.supplier_name,
            supplierCode: row.supplier_code,
            document,
          },
          now,
        );
        const fileName = `invoice-${row.oiid}-${safeFilePart(document.documentId ?? 'unnumbered')}-${now.getTime()}.xml`;
        return { state: row.oiid, document: { orgKey: org.orgKey, docType: 'inv', fileName, contentType: 'text/xml', content } };
      },
      finish: async (trx, oiid, delivery) => {
        const row = await findInvoice(trx, org, oiid);
        const updated = await markChanged(trx, row, { exported: 1, ve_status: 'Exported' });
        await writeHistory(trx, user, {
          orgKey: org.orgKey,
          entity: INVOICE_ENTITY,
          entityKey: String(row.oiid),
          type: 'EXPORTED',
          action: 'Exported',
          description: `Invoice ${invoiceNumberOf(row)} exported as cXML (${delivery.channel})${exceptionsNote(row, confirmExceptions)}`,
        });
        return { body: toInvoiceItem(updated) };
      },
    });
  });

  // The spec's upload pattern: a signed URL whose PUT queues the file for the intake.
  app.post('/buyer/:id/invoice/action/upload-url', async (request) => {
    const { user, org } = await buyerFor(request, db, 'uploadInvoices');
    const { fileName } = parse(invoiceUploadRequestSchema, request.body ?? {});
    const uploadUrl = jobUploadUrl(ctx.config, {
      orgKey: org.orgKey,
      fileName: safeFilePart(fileName),
      purpose: INTAKE_JOB_KINDS.upload,
      user,
      params: { fileName },
    });
    return { uploadUrl };
  });

  app.get('/buyer/:id/invoice/:invoiceId/history', async (request) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = parse(invoicePathSchema, request.params);
    const { type } = parse(historyQuerySchema, request.query);
    const row = await findInvoice(db, org, invoiceId);
    const entries = await readHistory(db, INVOICE_ENTITY, String(row.oiid), type);
    return entries.map((e): InvoiceHistoryEntry => ({ date: e.date, action: e.action, description: e.description, user: e.user, type: e.type }));
  });

  app.get('/buyer/:id/invoice/:invoiceId/pdf', async (request, reply) => {
    const { org } = await buyerFor(request, db, 'viewInvoices');
    const { invoiceId } = parse(invoicePathSchema, request.params);
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

