import { closeSync, openSync, writeSync } from 'node:fs';
import bwipjs from 'bwip-js/node';
import { chromium, type Browser } from 'playwright-core';
import { assertBrowserPresent, CHROMIUM_LAUNCH } from './browser';

/**
 * Chromium with a fake camera that plays `videoFile` (read when a page opens the camera,
 * so the file may be written after the launch) and grants camera access without asking.
 */
export async function launchBrowserWithCamera(videoFile: string): Promise<Browser> {
  assertBrowserPresent();
  return chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`],
  });
}

export interface BarcodeVideo {
  /** bwip-js symbology (ean13, gs1-128...) and its text. */
  bcid: string;
  text: string;
  width?: number;
  height?: number;
  fps?: number;
  /** Frames showing the barcode, then frames of an empty bench: the camera loops the file, so each loop is one scan. */
  framesShown: number;
  framesEmpty: number;
}

/** The bars of a linear barcode as bwip-js encodes them, one boolean (dark) per module. */
function modulesOf(bcid: string, text: string): boolean[] {
  const [symbol] = bwipjs.raw(bcid, text, {}) as Array<{ sbs?: number[] }>;
  if (!symbol?.sbs) throw new Error(`${bcid} is not a linear barcode`);
  const modules: boolean[] = [];
  symbol.sbs.forEach((width, i) => {
    for (let k = 0; k < width; k += 1) modules.push(i % 2 === 0);
  });
  return modules;
}

/**
 * Writes a YUV4MPEG2 (.y4m) video, the format Chromium's fake capture device reads:
 * a grey bench, and on it for `framesShown` frames a white label with the barcode
 * (bwip-js's encoding, drawn module by module), then `framesEmpty` frames without it.
 */
export function writeBarcodeVideo(path: string, video: BarcodeVideo): void {
  const width = video.width ?? 640;
  const height = video.height ?? 360;
  const fps = video.fps ?? 10;
  const modules = modulesOf(video.bcid, video.text);
  const quiet = 12;
  const scale = Math.max(1, Math.floor((width * 0.8) / (modules.length + 2 * quiet)));
  const labelWidth = (modules.length + 2 * quiet) * scale;
  const labelHeight = Math.floor(height * 0.5);
  const left = Math.floor((width - labelWidth) / 2);
  const top = Math.floor((height - labelHeight) / 2);

  const bench = Buffer.alloc(width * height, 90);
  const shown = Buffer.from(bench);
  for (let y = top; y < top + labelHeight; y += 1) {
    for (let x = left; x < left + labelWidth; x += 1) {
      const module = Math.floor((x - left) / scale) - quiet;
      const dark = module >= 0 && module < modules.length && modules[module] && y > top + 8 && y < top + labelHeight - 8;
      shown[y * width + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const file = openSync(path, 'w');
  try {
    writeSync(file, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    const frames = [...Array<Buffer>(video.framesShown).fill(shown), ...Array<Buffer>(video.framesEmpty).fill(bench)];
    for (const luma of frames) {
      writeSync(file, 'FRAME\n');
      writeSync(file, luma);
      writeSync(file, chroma);
    }
  } finally {
    closeSync(file);
  }
}
