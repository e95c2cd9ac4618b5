import { orgUrl, seg } from '../../api/org-path';
import { queueServerJob } from './export-documents';

/**
 * POST /buyer/{id}/invoice/{invoiceId}/actions/re-extract (support only): the job that
 * reads the invoice's stored documents again. Sent at once, like an export, since support
 * follows the job; the screen offers it only while online.
 */
export function reExtractInvoice(buyerId: string, invoiceId: string): Promise<number> {
  return queueServerJob(orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}/actions/re-extract`));
}
