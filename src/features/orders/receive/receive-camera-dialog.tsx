import { useState } from 'react';
import { receivingMessages as m } from '../../../domain/receiving-messages';
import { FullScreenDialog } from '../../../ui/full-screen-dialog/FullScreenDialog';
import { CameraViewfinder, TorchButton } from '../scan/camera-viewfinder';
import { useCameraScan } from '../scan/use-camera-scan';
import { ScanStatus } from './receive-screen.styles';

export interface ReceiveCameraDialogProps {
  /** A barcode came into view; answers what the screen said about it, and whether it found the shipment (the view then closes). */
  onCode: (raw: string) => { text: string; found: boolean };
  onClose: () => void;
}

/** The rear camera reads package labels and product barcodes at the dock. Loaded only when the camera is asked for. */
export function ReceiveCameraDialog({ onCode, onClose }: ReceiveCameraDialogProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { state, toggleTorch } = useCameraScan(video, (raw) => {
    const outcome = onCode(raw);
    if (outcome.found) onClose();
    else setStatus(outcome.text);
  });
  return (
    <FullScreenDialog
      open
      onClose={onClose}
      title={m.scanWithCamera}
      description={m.cameraHint}
      closeLabel={m.close}
      actions={<TorchButton state={state} onToggle={toggleTorch} />}
    >
      <CameraViewfinder state={state} onVideo={setVideo} style={{ height: 'calc(100% - 64px)' }} />
      <ScanStatus role="status" aria-live="polite" data-tone={status ? 'refused' : undefined}>
        {status ?? m.cameraHint}
      </ScanStatus>
    </FullScreenDialog>
  );
}
