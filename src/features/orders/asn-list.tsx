import { formatDateOnly, formatDateTime } from '../../domain/dates';
import { messages } from '../../domain/messages';
import type { AsnDraftRow, ServerAsnRow } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import { MutedText, VisuallyHidden } from '../../ui/page';
import { asnBodyOf, type AsnBody } from './asn-draft-model';
import { draftStatus } from './asn-draft-status';

interface AsnListProps {
  asns: ServerAsnRow[] | undefined;
  drafts: AsnDraftRow[];
  onOpenAsn: (key: string) => void;
  onOpenDraft: (key: string) => void;
}

/** One line of the list: a draft of this browser or a submitted ASN, with what opens it. */
interface AsnListItem {
  key: string;
  shipmentId: string;
  body: AsnBody;
  verb: 'View' | 'Edit';
  actionLabel: string;
  open: () => void;
}

const columns: Column<AsnListItem>[] = [
  // A draft's "shipment id" is its state ('Failed with errors'), so the column is text.
  { id: 'shipmentId', header: 'Shipment Id', minWidth: 130, cell: (a) => a.shipmentId },
  { id: 'issued', header: 'Issue Date', minWidth: 100, kind: 'number', priority: 2, cell: (a) => formatDateOnly(a.body.noticeDate) },
  { id: 'delivery', header: 'Expected Delivery Date', minWidth: 100, kind: 'number', priority: 3, cell: (a) => formatDateOnly(a.body.deliveryDate) },
  { id: 'shipped', header: 'Shipped Date', minWidth: 100, kind: 'number', priority: 2, cell: (a) => formatDateOnly(a.body.shipmentDate) },
  { id: 'tracking', header: 'Tracking ID', minWidth: 110, kind: 'code', priority: 2, cell: (a) => a.body.trackingId },
  { id: 'shipTo', header: 'Shipped To Whom', minWidth: 150, cell: (a) => a.body.shipTo.name },
  {
    id: 'action',
    header: <VisuallyHidden>Action</VisuallyHidden>,
    label: 'Action',
    minWidth: 96,
    kind: 'control',
    cell: (a) => (
      <Button variant="outlined" aria-label={a.actionLabel} onClick={a.open}>
        {a.verb}
      </Button>
    ),
  },
];

/** The order's ASNs: this browser's drafts first (marked as such), then the submitted ones. */
export function AsnList({ asns, drafts, onOpenAsn, onOpenDraft }: AsnListProps) {
  if (asns === undefined) return <MutedText role="status">Loading…</MutedText>;
  if (asns.length === 0 && drafts.length === 0) return <MutedText role="status">{messages.noResults}</MutedText>;
  const items: AsnListItem[] = [
    ...drafts.map((draft) => {
      const status = draftStatus(draft);
      const verb = status === 'Waiting to be sent' ? ('View' as const) : ('Edit' as const);
      return {
        key: `draft:${draft.key}`,
        shipmentId: status,
        body: asnBodyOf(draft.asn),
        verb,
        actionLabel: `${verb} ASN ${status.toLowerCase()} of ${formatDateTime(draft.updatedAt)}`,
        open: () => onOpenDraft(draft.key),
      };
    }),
    ...asns.map((asn) => {
      const { shipmentId } = asn;
      return { key: asn.key, shipmentId, body: asnBodyOf(asn), verb: 'View' as const, actionLabel: `View ASN ${shipmentId}`, open: () => onOpenAsn(asn.key) };
    }),
  ];
  return <SimpleTable label="ASNs" rows={items} columns={columns} rowKey={(a) => a.key} maxHeight="60vh" />;
}
