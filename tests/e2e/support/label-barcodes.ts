import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads back the barcodes of a label PDF the portal made: pdf-lib opens the file and
 * inflates each page's content, the rectangles it fills (the barcode's bars) are painted
 * onto a greyscale raster at 4 pixels a point, and ZXing reads that raster, as a scanner
 * would read the printed label.
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

/** A page's content streams, inflated, as one text. */
function contentOf(doc: PDFDocument, contents: PDFObject | undefined): string {
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return streams
    .map((s) => doc.context.lookup(s))
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
    .join('\n');
}

/** The text a string operand shows: a hex string (as pdf-lib writes) or a literal one. */
const shown = (operand: string) =>
  operand.startsWith('<') ? Buffer.from(operand.slice(1, -1), 'hex').toString('latin1') : operand.slice(1, -1).replace(/\\(.)/g, '$1');

/** The pages of the PDF: their size, the text they show and the rectangles they fill. */
export async function labelPages(pdf: Buffer): Promise<LabelPage[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const content = contentOf(doc, page.node.Contents());
    const { width, height } = page.getSize();
    return {
      width,
      height,
      texts: [...content.matchAll(/(<[\da-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)].map((m) => shown(m[1]!)),
      // Only the barcode's bars are drawn as rectangles ('re'); the rule under the order is a line.
      rects: [...content.matchAll(/(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+re\b/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]),
    };
  });
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
