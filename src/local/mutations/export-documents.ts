import { z } from 'zod';
import { orgUrl, seg } from '../../api/org-path';
import { IDEMPOTENCY_HEADER, request } from '../../api/request';
import { applyRows } from '../../sync/apply-rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';

/**
 * Exports hand a document to the buyer's EDI channel, so they are sent at once rather
 * than queued: the user must know whether it went, and a delivery failure (502, with
 * an EXPORT_FAILED history entry) would otherwise sit at the head of the outbox,
 * retried with backoff and holding back every later change. The screens offer export
 * only while online. The Idempotency-Key makes a retried click harmless.
 */
const rowSchema = z.record(z.string(), z.unknown());

function post(path: string, json?: object) {
  return request('POST', path, { schema: rowSchema, headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() }, json });
}

/** POST /seller/{sellerId}/order/{orderid}/actions/export; throws ApiError or NetworkError. */
export async function exportOrder(sellerId: string, orderId: string): Promise<void> {
  await post(orgUrl('seller', sellerId, `/order${seg(orderId)}/actions/export`));
}

/** POST /seller/{id}/asn/{asnid}/actions/export; the answer (exported, no longer waiting) replaces the held ASN. */
export async function exportAsn(sellerId: string, asnId: string): Promise<void> {
  const asn = await post(orgUrl('seller', sellerId, `/asn${seg(asnId)}/actions/export`));
  const db = localDatabase();
  const scope = scopeId('seller', sellerId);
  // The answer carries no revision; keeping the held one lets the changes feed's newer row win.
  const rev = (await db.asns.get([scope, asnId]))?.rev ?? 0;
  await applyRows(db, [{ table: 'asns', scope, key: asnId, rev, row: asn }], 'replace');
}

/**
 * POST /buyer/{id}/invoice/{invoiceId}/actions/export; the answer (exported) replaces the
 * held invoice. An invoice with exceptions goes only with the user's confirmation.
 */
export async function exportInvoice(buyerId: string, invoiceId: string, confirmExceptions = false): Promise<void> {
  const invoice = await post(orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}/actions/export`), confirmExceptions ? { confirmExceptions } : undefined);
  await applyRows(localDatabase(), [{ table: 'invoices', scope: scopeId('buyer', buyerId), key: invoiceId, rev: Number(invoice.rev ?? 0), row: invoice }], 'replace');
}
