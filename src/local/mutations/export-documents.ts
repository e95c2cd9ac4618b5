import { z } from 'zod';
import { orgUrl, seg } from '../../api/org-path';
import { IDEMPOTENCY_HEADER, request } from '../../api/request';
import { jobQueuedSchema } from '../../domain/schemas/jobs';
import { applyRows } from '../../sync/apply-rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';

/**
 * Exports are queued on the server as jobs that deliver the document to the buyer's EDI
 * channel (retried there, at least once); the request answers the job at once, and the
 * screen follows it (useJobOutcome) to tell the user whether the document went. They are
 * sent at once rather than through the outbox, since the user must see the job; the
 * screens offer export only while online. The Idempotency-Key makes a retried click
 * harmless, and a second click answers the job already queued.
 */
export function queueServerJob(path: string, json?: object): Promise<number> {
  return request('POST', path, { schema: jobQueuedSchema, headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() }, json }).then((a) => a.jobId);
}

const rowSchema = z.record(z.string(), z.unknown());

/** POST /seller/{sellerId}/order/{orderid}/actions/export: the export job's id; throws ApiError or NetworkError. */
export function exportOrder(sellerId: string, orderId: string): Promise<number> {
  return queueServerJob(orgUrl('seller', sellerId, `/order${seg(orderId)}/actions/export`));
}

/** POST /seller/{id}/asn/{asnid}/actions/export: the export job's id. */
export function exportAsn(sellerId: string, asnId: string): Promise<number> {
  return queueServerJob(orgUrl('seller', sellerId, `/asn${seg(asnId)}/actions/export`));
}

/** POST /buyer/{id}/invoice/{invoiceId}/actions/export: the export job's id. An invoice with exceptions goes only with the user's confirmation. */
export function exportInvoice(buyerId: string, invoiceId: string, confirmExceptions = false): Promise<number> {
  return queueServerJob(orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}/actions/export`), confirmExceptions ? { confirmExceptions } : undefined);
}

/** Once its export is done, the exported ASN (exported, no longer waiting) replaces the held one without waiting for the next pull. */
export async function refreshExportedAsn(sellerId: string, asnId: string): Promise<void> {
  const asn = await request('GET', orgUrl('seller', sellerId, `/asn${seg(asnId)}`), { schema: rowSchema });
  const db = localDatabase();
  const scope = scopeId('seller', sellerId);
  // The answer carries no revision; keeping the held one lets the changes feed's newer row win.
  const rev = (await db.asns.get([scope, asnId]))?.rev ?? 0;
  await applyRows(db, [{ table: 'asns', scope, key: asnId, rev, row: asn }], 'replace');
}

/** Once its export (or a re-extraction) is done, the changed invoice replaces the held one. */
export async function refreshExportedInvoice(buyerId: string, invoiceId: string): Promise<void> {
  const invoice = await request('GET', orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}`), { schema: rowSchema });
  await applyRows(localDatabase(), [{ table: 'invoices', scope: scopeId('buyer', buyerId), key: invoiceId, rev: Number(invoice.rev ?? 0), row: invoice }], 'replace');
}
