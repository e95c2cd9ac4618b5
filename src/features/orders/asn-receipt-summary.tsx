import { receivingMessages as m } from '../../domain/receiving-messages';
import type { ServerAsnRow } from '../../local/db/store-rows';
import { SectionTitle } from './order-detail.styles';

/** What the buyer received of each line of an ASN, as both sides see it: 'Received 12 of 12 EA on 2026-12-03 by …'. */
export function AsnReceiptSummary({ asn }: { asn: Pick<ServerAsnRow, 'lines' | 'receipts' | 'receiptPending' | 'shipmentId'> }) {
  const receipts = new Map((asn.receipts ?? []).map((r) => [r.number, r]));
  const titleId = `receipt-${asn.shipmentId}`;
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{m.receiptTitle}</SectionTitle>
      {receipts.size === 0 ? (
        <p>{m.notReceived}</p>
      ) : (
        <ul aria-label={m.receiptTitle}>
          {asn.lines.map((line) => {
            const receipt = receipts.get(line.number);
            if (!receipt) return <li key={line.number}>{`Line ${line.number}: ${m.notReceived}`}</li>;
            const text = asn.receiptPending
              ? `${m.waitingToSend}: ${receipt.quantity} of ${line.quantity} ${line.uom}`
              : m.receivedLine(receipt.quantity, line.quantity, line.uom, receipt.receivedAt, receipt.receivedBy, receipt.reason);
            return <li key={line.number}>{`Line ${line.number}: ${text}`}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
