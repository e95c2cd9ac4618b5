/**
 * The rear camera for scanning. `facingMode: environment` asks for the camera on the
 * back of a tablet; a device with one camera gives that one.
 */
export interface Camera {
  stream: MediaStream;
  /** The track can switch its torch on (MediaTrackCapabilities.torch, Chrome on Android). */
  hasTorch: boolean;
  setTorch(on: boolean): Promise<void>;
  stop(): void;
}

export type CameraProblem = 'denied' | 'missing' | 'failed';

export class CameraError extends Error {
  constructor(
    readonly problem: CameraProblem,
    message: string,
  ) {
    super(message);
  }
}

export async function openRearCamera(): Promise<Camera> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('missing', 'no camera API');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('denied', name);
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('missing', name);
    throw new CameraError('failed', error instanceof Error ? error.message : String(error));
  }
  const [track] = stream.getVideoTracks();
  const capabilities = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
  return {
    stream,
    hasTorch: capabilities.torch === true,
    async setTorch(on) {
      await track?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    },
    stop() {
      for (const t of stream.getTracks()) t.stop();
    },
  };
}
