import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
// Vite copies the reader's wasm into the build and gives its URL: the portal serves it and
// the service worker precaches it, so reading works offline and nothing comes from a CDN.
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the issue asks to read: retail codes on units, Code 128 / GS1-128 on cartons, 2D codes. */
const FORMATS: BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'data_matrix', 'qr_code'];

export interface BarcodeReader {
  /** The values of the barcodes in one video frame. */
  read(source: HTMLVideoElement): Promise<string[]>;
  /** 'native' when the browser's own BarcodeDetector reads, 'zxing' for the polyfill. */
  engine: 'native' | 'zxing';
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = FORMATS.filter((f) => supported.includes(f));
    return formats.length === FORMATS.length ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

let prepared: Promise<unknown> | null = null;

/** The browser's BarcodeDetector where it reads every format asked for, else ZXing compiled to wasm. */
export async function openBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeDetector();
  if (native) return { engine: 'native', read: async (video) => (await native.detect(video)).map((b) => b.rawValue) };
  prepared ??= Promise.resolve(
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path) },
      fireImmediately: true,
    }),
  );
  try {
    await prepared;
  } catch (error) {
    prepared = null;
    throw error;
  }
  const detector = new ZXingBarcodeDetector({ formats: FORMATS });
  return { engine: 'zxing', read: async (video) => (await detector.detect(video)).map((b) => b.rawValue) };
}
