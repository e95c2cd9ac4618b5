import { formatDateOnly, formatDateTime } from '../../domain/dates';
import { messages } from '../../domain/messages';
import type { AsnDraftRow, MirrorRow } from '../../sync/rows';
import { Button } from '../../ui/button/Button';
import { VisuallyHidden } from '../../ui/page';
import { asnBodyOf } from './asn-draft-model';
import { draftStatus } from './asn-draft-status';
import { Table, TableScroll } from './data-table.styles';
import { Message } from './order-detail.styles';

interface AsnListProps {
  asns: MirrorRow[] | undefined;
  drafts: AsnDraftRow[];
  onOpenAsn: (key: string) => void;
  onOpenDraft: (key: string) => void;
}

/** The order's ASNs: this browser's drafts first (marked as such), then the submitted ones. */
export function AsnList({ asns, drafts, onOpenAsn, onOpenDraft }: AsnListProps) {
  if (asns === undefined) return <Message role="status">Loading…</Message>;
  if (asns.length === 0 && drafts.length === 0) return <Message role="status">{messages.noResults}</Message>;
  return (
    <TableScroll $maxHeight="60vh">
      <Table aria-label="ASNs" style={{ minWidth: 860 }}>
        <thead>
          <tr>
            <th scope="col">Shipment Id</th>
            <th scope="col">Issue Date</th>
            <th scope="col">Expected Delivery Date</th>
            <th scope="col">Shipped Date</th>
            <th scope="col">Tracking ID</th>
            <th scope="col">Shipped To Whom</th>
            <th scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft) => {
            const body = asnBodyOf(draft.asn);
            const status = draftStatus(draft);
            const verb = status === 'Waiting to be sent' ? 'View' : 'Edit';
            return (
              <tr key={`draft:${draft.key}`}>
                <td>{status}</td>
                <td>{formatDateOnly(body.noticeDate)}</td>
                <td>{formatDateOnly(body.deliveryDate)}</td>
                <td>{formatDateOnly(body.shipmentDate)}</td>
                <td>{body.trackingId}</td>
                <td>{body.shipTo.name}</td>
                <td>
                  <Button
                    variant="outlined"
                    aria-label={`${verb} ASN ${status.toLowerCase()} of ${formatDateTime(draft.updatedAt)}`}
                    onClick={() => onOpenDraft(draft.key)}
                  >
                    {verb}
                  </Button>
                </td>
              </tr>
            );
          })}
          {asns.map((asn) => {
            const body = asnBodyOf(asn);
            const shipmentId = String(asn.shipmentId ?? '');
            return (
              <tr key={asn.key}>
                <td>{shipmentId}</td>
                <td>{formatDateOnly(body.noticeDate)}</td>
                <td>{formatDateOnly(body.deliveryDate)}</td>
                <td>{formatDateOnly(body.shipmentDate)}</td>
                <td>{body.trackingId}</td>
                <td>{body.shipTo.name}</td>
                <td>
                  <Button variant="outlined" aria-label={`View ASN ${shipmentId}`} onClick={() => onOpenAsn(asn.key)}>
                    View
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
