import { orgUrl, seg } from '../../api/org-path';
import type { InvoiceCorrectionInput } from '../../domain/schemas/invoice-corrections';
import { parseScope } from '../../sync/scope';
import { runCommand } from './run-command';

/** A clerk corrects misread fields of an invoice; the server matches it again. `scope` is `buyer:ID`. */
export function correctInvoice(scope: string, invoiceId: string, correction: InvoiceCorrectionInput) {
  const { orgKey } = parseScope(scope);
  return runCommand({
    kind: 'invoice.correct',
    scope,
    method: 'POST',
    path: orgUrl('buyer', orgKey, `/invoice${seg(invoiceId)}/actions/correct`),
    body: correction,
    touches: [{ table: 'invoiceDocuments', scope, key: invoiceId }],
  });
}
