import { orgUrl, seg } from '../../api/org-path';
import type { AsnReceiptInput } from '../../domain/schemas/asn-receipts';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/** The buyer confirms what arrived of a submitted ASN; offline it waits in the outbox. */
export function receiveAsn(buyerId: string, asnId: string, shipmentId: string, receipt: AsnReceiptInput) {
  const scope = scopeId('buyer', buyerId);
  return runCommand({
    kind: 'asn.receive',
    scope,
    method: 'POST',
    path: orgUrl('buyer', buyerId, `/asn${seg(asnId)}/receipt`),
    body: { ...receipt, shipmentId, receivedAt: receipt.receivedAt ?? new Date().toISOString() },
    touches: [{ table: 'asns', scope, key: asnId }],
  });
}
