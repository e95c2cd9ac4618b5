import { scanMessages } from '../../../domain/scan-messages';
import type { CameraState } from './use-camera-scan';

/** What the viewfinder says about the camera: starting, reading, or why it cannot. */
export const cameraNote = (state: CameraState) => {
  if (state.kind === 'starting') return scanMessages.cameraStarting;
  if (state.kind === 'running') return scanMessages.pointCamera;
  if (state.problem === 'reader') return scanMessages.readerFailed;
  if (state.problem === 'denied') return scanMessages.cameraDenied;
  if (state.problem === 'missing') return scanMessages.cameraMissing;
  return scanMessages.cameraFailed(state.detail);
};
