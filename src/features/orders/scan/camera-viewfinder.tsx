import type { CSSProperties } from 'react';
import { scanMessages } from '../../../domain/scan-messages';
import { Button } from '../../../ui/button/Button';
import { CameraNote, Video, Viewfinder, ViewfinderFrame } from './pack-scan-dialog.styles';
import type { CameraState } from './use-camera-scan';

/** What the viewfinder says about the camera: starting, reading, or why it cannot. */
const cameraNote = (state: CameraState) => {
  if (state.kind === 'starting') return scanMessages.cameraStarting;
  if (state.kind === 'running') return scanMessages.pointCamera;
  if (state.problem === 'reader') return scanMessages.readerFailed;
  if (state.problem === 'denied') return scanMessages.cameraDenied;
  if (state.problem === 'missing') return scanMessages.cameraMissing;
  return scanMessages.cameraFailed(state.detail);
};

/** The camera's picture with the aiming box and a word on the camera's state; `onVideo` receives the element useCameraScan plays into. */
export function CameraViewfinder({ state, onVideo, style }: { state: CameraState; onVideo: (video: HTMLVideoElement | null) => void; style?: CSSProperties }) {
  return (
    <Viewfinder style={style}>
      <Video ref={onVideo} muted playsInline aria-label="Camera" />
      <ViewfinderFrame aria-hidden="true" />
      <CameraNote role={state.kind === 'failed' ? 'alert' : undefined}>{cameraNote(state)}</CameraNote>
    </Viewfinder>
  );
}

/** The torch toggle, where the running camera has one. */
export function TorchButton({ state, onToggle }: { state: CameraState; onToggle: () => Promise<void> }) {
  if (state.kind !== 'running' || !state.hasTorch) return null;
  return (
    <Button variant="outlined" aria-pressed={state.torch} onClick={() => void onToggle()}>
      {state.torch ? scanMessages.torchOff : scanMessages.torchOn}
    </Button>
  );
}
