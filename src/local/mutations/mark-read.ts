import { orgUrl, seg } from '../../api/org-path';
import { parseScope } from '../../sync/scope';
import { runCommand } from './run-command';

/** Opening an order marks it read (spec section 4). `scope` is `seller:ID` or `buyer:ID`. */
export function markOrderRead(scope: string, orderId: string) {
  const { kind, orgKey } = parseScope(scope);
  return runCommand({
    kind: 'order.read',
    scope,
    method: 'POST',
    path: orgUrl(kind, orgKey, `/order${seg(orderId)}/actions/read`),
    body: { fields: { read: true } },
    touches: [{ table: 'orders', scope, key: orderId }],
  });
}

/** Opening an unread invoice posts read. `scope` is `buyer:ID`. */
export function markInvoiceRead(scope: string, invoiceId: string) {
  const { orgKey } = parseScope(scope);
  return runCommand({
    kind: 'invoice.read',
    scope,
    method: 'POST',
    path: orgUrl('buyer', orgKey, `/invoice${seg(invoiceId)}/actions/read`),
    body: { fields: { read: true } },
    touches: [{ table: 'invoices', scope, key: invoiceId }],
  });
}
