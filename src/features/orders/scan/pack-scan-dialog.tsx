import { useRef, useState } from 'react';
import { GROUP_SEPARATOR } from '../../../domain/gs1/element-string';
import { readScannedCode } from '../../../domain/gs1/scanned-code';
import { barcodeIndex, packScan, type PackLine, type PackOutcome } from '../../../domain/scan/pack-count';
import { scanMessages } from '../../../domain/scan-messages';
import { useOrderBarcodes } from '../../../local/hooks/use-order-barcodes';
import type { OrderLineRow } from '../../../local/db/store-rows';
import { Button } from '../../../ui/button/Button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/ConfirmDialog';
import { FullScreenDialog } from '../../../ui/full-screen-dialog/FullScreenDialog';
import type { AsnPackage } from '../../../domain/schemas/asn-packages';
import type { AsnBody } from '../asn-draft-model';
import { Layout, LineList, LineRow, PackageBox, PackageControls, Side, Status } from './pack-scan-dialog.styles';
import { feedbackCounted, feedbackRefused } from './scan-feedback';
import { WedgeInput } from './wedge-input';
import { CameraViewfinder, TorchButton } from './camera-viewfinder';
import { useCameraScan } from './use-camera-scan';

type AsnLine = AsnBody['lines'][number];

export interface PackScanDialogProps {
  sellerId: string;
  lines: readonly AsnLine[];
  packages: readonly AsnPackage[];
  /** The package scans go into; null: none open. */
  openPackage: number | null;
  /** Why the last new package got no SSCC ('none-left': this device holds none). */
  ssccNote: string | null;
  onNewPackage: (kind: AsnPackage['kind']) => Promise<void>;
  orderLines: readonly OrderLineRow[];
  remaining: ReadonlyMap<number, number>;
  /** A scan counted: the line's new quantity. */
  onCount: (line: number, quantity: number) => void;
  /** Keeps the counted quantities. */
  onDone: () => void;
  /** Brings back the quantities typed before the scan. */
  onCancel: () => void;
}

interface Asking {
  outcome: Extract<PackOutcome, { kind: 'count' }>;
  line: PackLine;
}


/**
 * Scan to pack: the camera (or a hardware scanner typing into the field) counts units
 * into the ASN's lines. Loaded only when 'Scan' is pressed.
 */
export function PackScanDialog(props: PackScanDialogProps) {
  const { sellerId, lines, packages, openPackage, ssccNote, onNewPackage, orderLines, remaining, onCount, onDone, onCancel } = props;
  const [kind, setKind] = useState<AsnPackage['kind']>('carton');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const wedge = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'ok' | 'refused' } | null>(null);
  const [highlight, setHighlight] = useState<{ line: number; at: number } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const byNumber = new Map(orderLines.map((l) => [Number(l.number), l]));
  const known = useOrderBarcodes(sellerId, orderLines.map((l) => String(l.supplierProductCode ?? '')));
  const index = barcodeIndex(known?.barcodes ?? []);
  const packLines: PackLine[] = lines.map((l) => ({
    number: l.number,
    productCode: String(byNumber.get(l.number)?.supplierProductCode ?? ''),
    uom: l.uom,
    quantity: l.quantity,
    left: remaining.get(l.number) ?? 0,
  }));
  // The camera loop calls back between renders: it reads the lines as last counted, not as last rendered.
  const current = useRef({ packLines, index, asking });
  current.current = { packLines, index, asking };

  const count = (line: PackLine, quantity: number) => {
    current.current.packLines = current.current.packLines.map((l) => (l.number === line.number ? { ...l, quantity } : l));
    onCount(line.number, quantity);
    feedbackCounted();
    setHighlight({ line: line.number, at: Date.now() });
    setStatus({ text: scanMessages.counted(line.number, line.productCode, quantity, line.uom, Math.max(0, line.left - quantity)), tone: 'ok' });
  };

  const refuse = (text: string) => {
    feedbackRefused();
    setStatus({ text, tone: 'refused' });
  };

  const onCode = (raw: string) => {
    // While the user is asked about a count over what is left, other scans wait for the answer.
    if (current.current.asking) return;
    const outcome = packScan(readScannedCode(raw), current.current.packLines, current.current.index);
    const shown = raw.split(GROUP_SEPARATOR).join(' ').trim();
    if (outcome.kind === 'count') {
      const line = current.current.packLines.find((l) => l.number === outcome.line) as PackLine;
      if (!outcome.over) return count(line, outcome.next);
      feedbackRefused();
      current.current.asking = { outcome, line };
      setAsking({ outcome, line });
      return;
    }
    if (outcome.kind === 'unknown') return refuse(scanMessages.unknownBarcode(shown));
    if (outcome.kind === 'other-uom') return refuse(scanMessages.otherUom(shown, outcome.uom));
    if (outcome.kind === 'package') return refuse(scanMessages.packageScanned(outcome.sscc));
    return refuse(scanMessages.invalidBarcode(shown, outcome.reason));
  };

  const { state, toggleTorch } = useCameraScan(video, onCode);
  const running = state.kind === 'running';

  return (
    <FullScreenDialog
      open
      onClose={onDone}
      title={scanMessages.title}
      description={scanMessages.startHint}
      closeLabel={scanMessages.close}
      initialFocus={wedge}
      actions={
        <>
          <TorchButton state={state} onToggle={toggleTorch} />
          <Button variant="outlined" onClick={onCancel}>
            {scanMessages.cancelScan}
          </Button>
          <Button onClick={onDone}>{scanMessages.done}</Button>
        </>
      }
    >
      <Layout>
        <CameraViewfinder state={state} onVideo={setVideo} />
        <Side>
          <WedgeInput id="scan-wedge" label={scanMessages.wedgeLabel} inputRef={wedge} inputMode={running ? 'none' : 'text'} onCode={onCode} />
          <Status role="status" aria-live="polite" data-tone={status?.tone}>
            {status?.text ?? scanMessages.startHint}
          </Status>
          {known && known.missing.length > 0 && <p>{scanMessages.notOnDevice(known.missing.length)}</p>}
          <PackageBox aria-labelledby="scan-packages-title">
            <h3 id="scan-packages-title">{scanMessages.packagesTitle}</h3>
            <PackageControls>
              <label htmlFor="scan-package-kind">{scanMessages.packageKind}</label>
              <select id="scan-package-kind" value={kind} onChange={(event) => setKind(event.target.value as AsnPackage['kind'])}>
                <option value="carton">{scanMessages.carton}</option>
                <option value="pallet">{scanMessages.pallet}</option>
              </select>
              <Button variant="outlined" onClick={() => void onNewPackage(kind)}>
                {scanMessages.newPackage}
              </Button>
            </PackageControls>
            {ssccNote && <p role="alert">{ssccNote === 'none-left' ? scanMessages.noSsccLeft : ssccNote}</p>}
            {packages.length === 0 ? (
              <p>{scanMessages.noPackage}</p>
            ) : (
              <ol aria-label={scanMessages.packagesTitle}>
                {packages.map((pkg, index) => (
                  <li key={index} data-open={index === openPackage || undefined}>
                    {scanMessages.packageLine(
                      index + 1,
                      packages.length,
                      pkg.kind,
                      pkg.sscc,
                      pkg.lines.reduce((sum, l) => sum + l.quantity, 0),
                      index === openPackage,
                    )}
                  </li>
                ))}
              </ol>
            )}
          </PackageBox>
          <LineList aria-label="Packed lines">
            {packLines.map((line) => (
              <LineRow key={`${line.number}-${highlight?.line === line.number ? highlight.at : 0}`} data-highlight={highlight?.line === line.number || undefined}>
                <span>{line.number}</span>
                <span>
                  {line.productCode} {String(byNumber.get(line.number)?.description ?? '')}
                </span>
                <strong>
                  {line.quantity.toFixed(2)} / {line.left.toFixed(2)} {line.uom}
                </strong>
              </LineRow>
            ))}
          </LineList>
        </Side>
      </Layout>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (open) return;
          current.current.asking = null;
          setAsking(null);
          wedge.current?.focus();
        }}
        title={scanMessages.overTitle}
        message={asking ? scanMessages.overQuestion(asking.line.number, asking.line.productCode, asking.outcome.next, asking.line.left, asking.line.uom) : ''}
        confirmLabel={scanMessages.overAccept}
        cancelLabel={scanMessages.overRefuse}
        onConfirm={() => asking && count(asking.line, asking.outcome.next)}
      />
    </FullScreenDialog>
  );
}
