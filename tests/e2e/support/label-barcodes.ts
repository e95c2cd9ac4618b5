import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads back the barcodes of a label PDF the portal made: each page's filled rectangles
 * (the PDF is written uncompressed) are painted onto a greyscale raster at 4 pixels a
 * point, and ZXing reads that raster, as a scanner would read the printed label.
 */
const SCALE = 4;

let prepared = false;
function prepare(): void {
  if (prepared) return;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  void prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  prepared = true;
}

export interface LabelPage {
  width: number;
  height: number;
  texts: string[];
  rects: Array<[number, number, number, number]>;
}

/** The pages of the PDF: their size, the text they show and the rectangles they fill. */
export function labelPages(pdf: Buffer): LabelPage[] {
  const source = pdf.toString('latin1');
  const boxes = [...source.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const streams = [...source.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!);
  return streams.map((content, i) => ({
    width: boxes[i]![0],
    height: boxes[i]![1],
    texts: [...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')),
    rects: [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]),
  }));
}

/** What ZXing reads on one page: the barcodes' texts with their symbology identifier (]C1 for GS1-128). */
export async function readLabelBarcodes(page: LabelPage): Promise<string[]> {
  prepare();
  const width = Math.ceil(page.width * SCALE);
  const height = Math.ceil(page.height * SCALE);
  const pixels = Buffer.alloc(width * height, 255);
  for (const [x, y, w, h] of page.rects) {
    const top = Math.round((page.height - y - h) * SCALE);
    for (let row = top; row < top + Math.round(h * SCALE); row += 1) {
      pixels.fill(0, row * width + Math.round(x * SCALE), row * width + Math.round((x + w) * SCALE));
    }
  }
  // A binary PGM: the simplest image file ZXing's decoder opens.
  const image = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), pixels]);
  const results = await readBarcodes(new Uint8Array(image), { formats: ['Code128'], tryHarder: true });
  return results.map((r) => `${r.symbologyIdentifier}${r.text}`);
}
