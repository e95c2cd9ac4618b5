import { useRouter } from '@tanstack/react-router';
import { useRef, useState, type ComponentType } from 'react';
import { receivingMessages as m } from '../../../domain/receiving-messages';
import { findShipments, type ReceiveLookup } from '../../../domain/scan/receive-lookup';
import { can } from '../../../domain/roles';
import { useReceivingShipments, type ReceivingShipment } from '../../../local/hooks/use-receiving';
import { Button } from '../../../ui/button/Button';
import { MutedText, Notice, Page, PageTitle } from '../../../ui/page';
import { AssumedRoleRequired } from '../assumed-role-required';
import { WedgeInput } from '../scan/wedge-input';
import type { OrderPerspective } from '../use-order-perspective';
import type { ReceiveCameraDialogProps } from './receive-camera-dialog';
import { ReceiptForm } from './receipt-form';
import { asnKeyOfHash } from './receive-hash';
import { ScanBar, ScanStatus } from './receive-screen.styles';
import { ShipmentList } from './shipment-list';

export function ReceiveScreen() {
  return (
    <Page>
      <PageTitle>{m.title}</PageTitle>
      <AssumedRoleRequired>
        {(perspective) => (perspective.side === 'buyer' && can(perspective.viewer, 'receiveDeliveries') ? <Receiving perspective={perspective} /> : <Notice>{m.buyersOnly}</Notice>)}
      </AssumedRoleRequired>
    </Page>
  );
}

interface Chosen {
  key: string;
  sscc: string | null;
}

/** What a lookup tells the user, and the shipment it opens when it names exactly one. */
function outcomeOf(lookup: ReceiveLookup, shipments: readonly ReceivingShipment[]): { text: string; open: Chosen | null; matches: string[] | null } {
  const idOf = (key: string) => shipments.find((s) => s.key === key)?.shipmentId ?? key;
  if (lookup.kind === 'invalid') return { text: m.unreadable(lookup.text, lookup.reason), open: null, matches: null };
  const shown = lookup.kind === 'package' ? lookup.sscc : lookup.kind === 'product' ? lookup.code : lookup.text;
  if (lookup.keys.length === 0) return { text: m.noMatch(shown), open: null, matches: null };
  if (lookup.keys.length > 1) return { text: m.productFound(shown, lookup.keys.length), open: null, matches: lookup.keys };
  const key = lookup.keys[0]!;
  const text = lookup.kind === 'package' ? m.packageFound(lookup.sscc, idOf(key)) : m.productOnOne(shown, idOf(key));
  return { text, open: { key, sscc: lookup.kind === 'package' ? lookup.sscc : null }, matches: null };
}

/**
 * The dock's screen: a scan (camera, or a hardware scanner typing into the field, or a
 * typed PO#) or a tap on a shipment opens the shipment to receive. Everything comes
 * from this device's store, so it works offline for the shipments held here.
 */
function Receiving({ perspective }: { perspective: OrderPerspective }) {
  const { scope, orgId } = perspective;
  const { shipments, loading, failed } = useReceivingShipments(scope);
  // Read once, as the screen opens (from an ASN view): not `useRouterState`, which would take
  // the router's state hooks out of the shell into a chunk of their own, on the sign-in page too.
  const router = useRouter();
  const [chosen, setChosen] = useState<Chosen | null>(() => {
    const opened = asnKeyOfHash(router.state.location.hash);
    return opened ? { key: opened, sscc: null } : null;
  });
  const [matches, setMatches] = useState<string[] | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'refused' } | null>(null);
  const [Camera, setCamera] = useState<ComponentType<ReceiveCameraDialogProps> | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The camera calls back between renders: it reads the shipments as last held.
  const held = useRef(shipments ?? []);
  held.current = shipments ?? [];

  const lookUp = (raw: string) => {
    const outcome = outcomeOf(findShipments(raw, held.current), held.current);
    setStatus({ text: outcome.text, tone: outcome.open || outcome.matches ? 'ok' : 'refused' });
    setMatches(outcome.matches);
    if (outcome.open) setChosen(outcome.open);
    return { text: outcome.text, found: outcome.open !== null || outcome.matches !== null };
  };

  const openCamera = async () => {
    if (!Camera) {
      const loaded = await import('./receive-camera-dialog');
      setCamera(() => loaded.ReceiveCameraDialog);
    }
    setCameraOpen(true);
  };

  const chosenShipment = chosen ? shipments?.find((s) => s.key === chosen.key) : undefined;
  const listed = matches && shipments ? shipments.filter((s) => matches.includes(s.key)) : shipments;

  return (
    <>
      <ScanBar>
        <WedgeInput id="receive-scan" label={m.scanLabel} inputRef={field} onCode={(raw) => void lookUp(raw)} />
        <Button variant="outlined" onClick={() => void openCamera()}>
          {m.scanWithCamera}
        </Button>
      </ScanBar>
      <ScanStatus role="status" aria-live="polite" data-tone={status?.tone}>
        {status?.text ?? ''}
      </ScanStatus>
      {failed && <MutedText role="status">{m.offlineNote}</MutedText>}
      {chosenShipment ? (
        <ReceiptForm
          key={chosenShipment.key}
          asn={chosenShipment.asn}
          scope={scope}
          buyerId={orgId}
          scannedSscc={chosen?.sscc ?? null}
          onBack={() => {
            setChosen(null);
            setStatus(null);
            field.current?.focus();
          }}
        />
      ) : (
        <ShipmentList
          shipments={listed}
          loading={loading}
          filtered={matches !== null}
          onShowAll={() => setMatches(null)}
          onChoose={(key) => {
            setMatches(null);
            setChosen({ key, sscc: null });
          }}
        />
      )}
      {cameraOpen && Camera && (
        <Camera
          onCode={lookUp}
          onClose={() => {
            setCameraOpen(false);
            field.current?.focus();
          }}
        />
      )}
    </>
  );
}
