import { formatDateOnly } from '../../../domain/dates';
import { receivingMessages as m } from '../../../domain/receiving-messages';
import { reasonsFor } from '../../../domain/rules/asn-receipts';
import type { ReceivingShipment } from '../../../local/hooks/use-receiving';
import type { ServerAsnRow } from '../../../local/db/store-rows';
import { Button } from '../../../ui/button/Button';
import { ButtonRow } from '../../../ui/form-parts';
import { MutedText } from '../../../ui/page';
import { SectionTitle } from '../order-detail.styles';
import { ShipmentButtons, ShipmentCard } from './receive-screen.styles';

interface ShipmentListProps {
  shipments: ReceivingShipment[] | undefined;
  loading: boolean;
  /** Only the shipments a scan named are listed. */
  filtered: boolean;
  onShowAll: () => void;
  onChoose: (key: string) => void;
}

function stateOf(asn: ServerAsnRow): { label: string; received: boolean } {
  const receipts = asn.receipts ?? [];
  if (asn.receiptPending) return { label: m.waitingToSend, received: true };
  if (receipts.length === 0) return { label: m.notReceived, received: false };
  const shipped = new Map(asn.lines.map((l) => [l.number, l.quantity]));
  // Short, damaged or over: any line received otherwise than shipped is a difference.
  const whole = receipts.every((r) => reasonsFor(r.quantity, shipped.get(r.number) ?? 0).length === 0);
  return { label: whole ? m.fullyReceived : m.partlyReceived, received: true };
}

/** The shipments held on this device, newest first, one big card each: tapping one opens it to receive. */
export function ShipmentList({ shipments, loading, filtered, onShowAll, onChoose }: ShipmentListProps) {
  if (shipments === undefined) return <MutedText role="status">{m.loading}</MutedText>;
  return (
    <section aria-labelledby="receive-shipments-title">
      <SectionTitle id="receive-shipments-title">{m.toReceiveTitle}</SectionTitle>
      {filtered && (
        <ButtonRow style={{ marginBottom: 12 }}>
          <Button variant="text" onClick={onShowAll}>
            {m.showAll}
          </Button>
        </ButtonRow>
      )}
      {shipments.length === 0 ? (
        <MutedText role="status">{loading ? m.loading : m.toReceiveEmpty}</MutedText>
      ) : (
        <ShipmentButtons>
          {shipments.map(({ key, asn }) => {
            const state = stateOf(asn);
            return (
              <li key={key}>
                <ShipmentCard type="button" data-state={state.received ? 'received' : undefined} onClick={() => onChoose(key)}>
                  <strong>Shipment {asn.shipmentId}</strong>
                  <span>
                    Order {asn.orderNumber} · {m.deliveryOn(formatDateOnly(asn.deliveryDate) || formatDateOnly(asn.shipmentDate))}
                  </span>
                  <span>{state.label}</span>
                </ShipmentCard>
              </li>
            );
          })}
        </ShipmentButtons>
      )}
    </section>
  );
}
