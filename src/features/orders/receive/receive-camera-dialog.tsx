import { useState } from 'react';
import { receivingMessages as m } from '../../../domain/receiving-messages';
import { scanMessages } from '../../../domain/scan-messages';
import { Button } from '../../../ui/button/Button';
import { FullScreenDialog } from '../../../ui/full-screen-dialog/FullScreenDialog';
import { cameraNote } from '../scan/camera-note';
import { CameraNote, Video, Viewfinder, ViewfinderFrame } from '../scan/pack-scan-dialog.styles';
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
  const running = state.kind === 'running';
  return (
    <FullScreenDialog
      open
      onClose={onClose}
      title={m.scanWithCamera}
      description={m.cameraHint}
      closeLabel={m.close}
      actions={
        running && state.hasTorch ? (
          <Button variant="outlined" aria-pressed={state.torch} onClick={() => void toggleTorch()}>
            {state.torch ? scanMessages.torchOff : scanMessages.torchOn}
          </Button>
        ) : undefined
      }
    >
      <Viewfinder style={{ height: 'calc(100% - 64px)' }}>
        <Video ref={setVideo} muted playsInline aria-label="Camera" />
        <ViewfinderFrame aria-hidden="true" />
        <CameraNote role={state.kind === 'failed' ? 'alert' : undefined}>{cameraNote(state)}</CameraNote>
      </Viewfinder>
      <ScanStatus role="status" aria-live="polite" data-tone={status ? 'refused' : undefined}>
        {status ?? m.cameraHint}
      </ScanStatus>
    </FullScreenDialog>
  );
}
