import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { enqueueJob } from '../jobs/queue';
import type { Tx } from '../sync/change-log';
import { insertIntakeMessage, intakeBlobKey } from './accept-message';
import { INTAKE_JOB_KINDS } from './intake-kinds';

/**
 * The intake's entry for a supplier's cXML InvoiceDetailRequest, authenticated by the
 * /cxml endpoint (From: the supplier's credential, To: the buyer's). The document is
 * stored first (outside any transaction: the blob store may be a network service), then
 * queued in the endpoint's transaction like a mail; the job extracts it in the sandbox
 * and routes it by its party ids, else by the From credential.
 */

/** One invoice per supplier and number: the key the buyer's intake messages are unique by. */
const cxmlInvoiceKey = (supplierKey: string, invoiceId: string) => `cxml-invoice:${supplierKey}:${invoiceId}`;

export async function storeCxmlInvoice(blobs: BlobStore, raw: Uint8Array, now: Date): Promise<string> {
  const blobKey = intakeBlobKey('cxml', now);
  await blobs.put(blobKey, Buffer.from(raw), 'text/xml');
  return blobKey;
}

/** When the buyer received an invoice of this supplier and number before (any way in), or null. */
export async function cxmlInvoiceReceivedBefore(db: Db | Tx, input: { buyerKey: string; supplierKey: string; invoiceId: string }): Promise<string | null> {
  const invoice = await db
    .selectFrom('invoices')
    .select('created_at')
    .where('buyer_key', '=', input.buyerKey)
    .where('supplier_key', '=', input.supplierKey)
    .where('document_number', '=', input.invoiceId)
    .where('deleted', '=', 0)
    .orderBy('created_at')
    .executeTakeFirst();
  if (invoice) return invoice.created_at;
  const message = await db
    .selectFrom('intake_messages')
    .select('created_at')
    .where('buyer_key', '=', input.buyerKey)
    .where('dedupe_key', '=', cxmlInvoiceKey(input.supplierKey, input.invoiceId))
    .executeTakeFirst();
  return message?.created_at ?? null;
}

/** The intake message and its job, in the endpoint's transaction. */
export async function queueCxmlInvoice(
  trx: Tx,
  input: { blobKey: string; size: number; buyerKey: string; supplierKey: string; invoiceId: string; receivedAt: Date },
): Promise<{ messageId: number; jobId: number }> {
  const messageId = await insertIntakeMessage(trx, {
    source: 'cxml',
    contentType: 'text/xml',
    sender: input.supplierKey,
    buyer: { buyerKey: input.buyerKey, code: null, recipients: [] },
    blobKey: input.blobKey,
    size: input.size,
    fileName: `${input.invoiceId.replace(/[^A-Za-z0-9._@-]+/g, '_').slice(0, 120) || 'invoice'}.xml`,
    dedupeKey: cxmlInvoiceKey(input.supplierKey, input.invoiceId),
    receivedAt: input.receivedAt,
  });
  const jobId = await enqueueJob(trx, { orgKey: input.buyerKey, kind: INTAKE_JOB_KINDS.message, payload: { messageId } });
  return { messageId, jobId };
}
