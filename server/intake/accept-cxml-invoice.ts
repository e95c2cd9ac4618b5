import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { acceptMessage, sha256Key } from './accept-message';

/**
 * The intake's entry for a supplier's cXML InvoiceDetailRequest, already authenticated by
 * the /cxml endpoint (From: the supplier's credential, To: the buyer's). The document is
 * stored and queued like a mail; the job extracts it in the sandbox and routes it by its
 * party ids, else by the From credential. Call it outside any database transaction: the
 * blob store may be a network service.
 */
export async function acceptCxmlInvoice(
  db: Db,
  blobs: BlobStore,
  input: { raw: Buffer; buyerKey: string; supplierKey: string; payloadId: string },
): Promise<{ messageId: number; jobId: number }> {
  const { messageIds, jobIds } = await acceptMessage(db, blobs, {
    source: 'cxml',
    raw: input.raw,
    contentType: 'text/xml',
    sender: input.supplierKey,
    fileName: `${input.payloadId.replace(/[^A-Za-z0-9._@-]+/g, '_').slice(0, 120) || 'invoice'}.xml`,
    buyers: [{ buyerKey: input.buyerKey, code: null, recipients: [] }],
    // A partner's retry of the same payload is the same message.
    dedupeKey: input.payloadId ? `cxml:${input.payloadId}` : sha256Key(input.raw),
  });
  return { messageId: messageIds[0]!, jobId: jobIds[0]! };
}
