import { useEffect, useId, useState } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { messages } from '../../domain/messages';
import { can } from '../../domain/roles';
import { asnErrors } from '../../domain/rules/asn';
import { useAsnDrafts } from '../../local/hooks/use-asn-drafts';
import { useOrderAsns } from '../../local/hooks/use-orders';
import { useOutboxOutcome } from '../../local/hooks/use-outbox-entry';
import { saveAsnDraft } from '../../local/mutations/asn-drafts';
import type { OrderLineRow, OrderRow } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { Drawer } from '../../ui/drawer/Drawer';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { AsnDraftEditor } from './asn-draft-editor';
import { earlierShipments, newAsnBody, remainingOf } from './asn-draft-model';
import { stashedDraftEdit, unstashDraftEdit } from './asn-draft-stash';
import { AsnList } from './asn-list';
import { ButtonRow } from '../../ui/form-parts';
import { MutedText } from '../../ui/page';
import { AsnView } from './asn-view';
import type { OrderPerspective } from './use-order-perspective';

interface AsnDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  perspective: OrderPerspective;
  order: OrderRow;
  lines: OrderLineRow[];
}

type View = { kind: 'list' } | { kind: 'draft'; key: string } | { kind: 'asn'; key: string };

/**
 * The ASNs of the order. The submit's outcome is watched here, above the form, so
 * 'Asn record saved' still shows when the form has gone (the server's ASN replaced
 * the draft) or the drawer was closed meanwhile.
 */
export function AsnDrawer({ open, onOpenChange, perspective, order, lines }: AsnDrawerProps) {
  const { notify } = useSnackbar();
  const [submitted, setSubmitted] = useState<string | null>(null);
  const outcome = useOutboxOutcome(submitted);
  useEffect(() => {
    if (outcome === 'sent') notify({ variant: 'success', message: messages.asnSaved });
    if (outcome === 'failed') notify({ variant: 'error', message: 'The ASN was not accepted: see the errors in the draft' });
    if (outcome === 'sent' || outcome === 'failed') setSubmitted(null);
  }, [outcome, notify]);

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Advance Ship Notices">
      <AsnPanel perspective={perspective} order={order} lines={lines} onSubmitted={setSubmitted} />
    </Drawer>
  );
}

interface AsnPanelProps {
  perspective: OrderPerspective;
  order: OrderRow;
  lines: OrderLineRow[];
  onSubmitted: (entryId: string) => void;
}

/** Mounted while the drawer is open, so the order's ASN page is fetched when it is looked at. */
function AsnPanel({ perspective, order, lines, onSubmitted }: AsnPanelProps) {
  const { notify } = useSnackbar();
  const { scope, orgId, viewer, side } = perspective;
  const [view, setView] = useState<View>({ kind: 'list' });
  const { asns } = useOrderAsns(scope, order.orderNo);
  const storedDrafts = useAsnDrafts(side === 'seller' ? orgId : '', order.key);
  const drafts = storedDrafts ?? [];
  const listing = view.kind === 'list';
  // An edit the page was reloaded on before it reached the store is stored now, so the list
  // shows it. Not while a draft is open: its editor stores its own edits, in order.
  useEffect(() => {
    if (!listing) return;
    for (const stored of storedDrafts ?? []) {
      const edit = stashedDraftEdit(stored);
      if (edit) void saveAsnDraft(orgId, stored.orderId, stored.key, edit).then(() => unstashDraftEdit(stored, edit), () => undefined);
    }
  }, [listing, storedDrafts, orgId]);
  const mayCreate = side === 'seller' && can(viewer, 'createAsn');
  const buyerId = String(order.buyerId ?? '');
  const toList = () => setView({ kind: 'list' });
  const reasonId = useId();
  // Every line shipped on earlier ASNs (or on submits still waiting to be sent): a new ASN would have no lines, and the server refuses it.
  const nothingLeft = asns !== undefined && lines.length > 0 && [...remainingOf(lines, earlierShipments(asns, drafts)).values()].every((left) => left <= 0);

  const addDraft = async () => {
    const key = crypto.randomUUID();
    try {
      await saveAsnDraft(orgId, order.key, key, newAsnBody(order, lines, earlierShipments(asns ?? [], drafts)));
      setView({ kind: 'draft', key });
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  // A draft gone from the store was accepted by the server (the list now holds its ASN) or discarded elsewhere.
  const draft = view.kind === 'draft' ? drafts.find((d) => d.key === view.key) : undefined;
  const asn = view.kind === 'asn' ? asns?.find((a) => a.key === view.key) : undefined;
  if (draft) {
    return (
      <AsnDraftEditor
        key={draft.key}
        draft={draft}
        sellerId={orgId}
        buyerId={buyerId}
        orderLines={lines}
        remaining={remainingOf(lines, earlierShipments(asns ?? [], drafts, draft.key))}
        onSubmitted={onSubmitted}
        onClose={toList}
      />
    );
  }
  if (asn) return <AsnView asn={asn} perspective={perspective} orderLines={lines} onClose={toList} />;
  return (
    <>
      {mayCreate && (
        <ButtonRow style={{ marginBottom: 16 }}>
          <Button onClick={() => void addDraft()} disabled={nothingLeft} aria-describedby={nothingLeft ? reasonId : undefined}>
            Add ASN
          </Button>
          {nothingLeft && <MutedText id={reasonId}>{asnErrors.nothingLeftToShip}</MutedText>}
        </ButtonRow>
      )}
      <AsnList asns={asns} drafts={drafts} onOpenAsn={(key) => setView({ kind: 'asn', key })} onOpenDraft={(key) => setView({ kind: 'draft', key })} />
    </>
  );
}
