import { useEffect, useRef, useState } from 'react';
import { InViewCodes } from '../../../domain/scan/in-view-codes';
import { openBarcodeReader } from './barcode-reader';
import { CameraError, openRearCamera, type Camera, type CameraProblem } from './camera';

export type CameraState =
  | { kind: 'starting' }
  | { kind: 'running'; hasTorch: boolean; torch: boolean }
  | { kind: 'failed'; problem: CameraProblem | 'reader'; detail: string };

/**
 * Runs the rear camera into the video element (once it is mounted) and reads each frame; calls `onCode`
 * with a barcode when it comes into view (once while it stays, InViewCodes). The camera
 * stops when the view closes.
 */
export function useCameraScan(element: HTMLVideoElement | null, onCode: (raw: string) => void) {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const camera = useRef<Camera | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!element) return;
    let stopped = false;
    const inView = new InViewCodes();
    setState({ kind: 'starting' });
    void (async () => {
      let reader;
      try {
        const [opened, openedReader] = await Promise.all([openRearCamera(), openBarcodeReader().catch((error: unknown) => ({ failed: error }))]);
        camera.current = opened;
        if (stopped) return opened.stop();
        if ('failed' in openedReader) {
          setState({ kind: 'failed', problem: 'reader', detail: String(openedReader.failed) });
          return opened.stop();
        }
        reader = openedReader;
        element.srcObject = opened.stream;
        await element.play().catch(() => undefined);
        setState({ kind: 'running', hasTorch: opened.hasTorch, torch: false });
      } catch (error) {
        const problem = error instanceof CameraError ? error.problem : 'failed';
        setState({ kind: 'failed', problem, detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      while (!stopped) {
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const codes = await reader.read(element).catch(() => [] as string[]);
          if (stopped) break;
          for (const code of inView.frame(codes)) handler.current(code);
        }
        // One read per painted frame at most; none while the tab is hidden.
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    })();
    return () => {
      stopped = true;
      camera.current?.stop();
      camera.current = null;
      element.srcObject = null;
    };
  }, [element]);

  const toggleTorch = async () => {
    if (state.kind !== 'running' || !camera.current) return;
    const torch = !state.torch;
    try {
      await camera.current.setTorch(torch);
      setState({ ...state, torch });
    } catch {
      setState({ ...state, hasTorch: false, torch: false });
    }
  };

  return { state, toggleTorch };
}
