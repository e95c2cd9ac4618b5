import { toSVG } from 'bwip-js/browser';
import { PDFDocument, StandardFonts, fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatSscc } from '../../../domain/gs1/sscc';
import type { AsnPackage } from '../../../domain/schemas/asn-packages';
import type { Address } from '../../../domain/schemas/orders';

/**
 * The shipping labels of an ASN's packages as a PDF made in the browser with pdf-lib (so
 * it works offline): one 100 x 150 mm page per package with the GS1-128 barcode of
 * (00) + SSCC, drawn as vector bars from bwip-js's encoding (sharp at any printer's
 * resolution), the SSCC as text, ship-from, ship-to, the order number and package n of m.
 * Text is set in Helvetica, one of the 14 fonts every reader has, so nothing is embedded.
 * This module and pdf-lib load only when 'Print labels' is pressed.
 */

const MM = 72 / 25.4;
const WIDTH = 100 * MM;
const HEIGHT = 150 * MM;
const MARGIN = 8 * MM;
/** The GS1-128 X-dimension on a logistic label: 0.495 mm minimum (GS1 General Specifications 5.12.3.1); 0.5 mm here. */
const MODULE = 0.5 * MM;
const BAR_HEIGHT = 32 * MM;
/** Lines of an address printed at most: name, two address lines, city line, country. */
const ADDRESS_LINES = 5;

export interface LabelInput {
  orderNumber: string;
  shipFrom: Address;
  shipTo: Address;
  packages: readonly AsnPackage[];
}

const addressLines = (a: Address) =>
  [a.name, a.postalAddressName, a.postalAddressStreet, [a.postalAddressCity, a.postalAddressState, a.postalAddressPostcode].filter(Boolean).join(' '), a.postalAddressCountryCode]
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');

/**
 * The bars of (00) + SSCC in GS1-128 as bwip-js draws them, as x offsets and widths in
 * modules: its SVG draws each bar as a vertical stroke (scale 2: two units a module).
 */
function gs1128Bars(sscc: string): { bars: Array<[number, number]>; modules: number } {
  const svg = toSVG({ bcid: 'gs1-128', text: `(00)${sscc}`, scale: 2 });
  const modules = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1] ?? 0) / 2;
  const bars: Array<[number, number]> = [];
  for (const path of svg.matchAll(/stroke-width="(\d+)" d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of path[2]!.matchAll(/M(\d+(?:\.\d+)?) /g)) bars.push([(Number(move[1]) - width / 2) / 2, width / 2]);
  }
  if (bars.length === 0 || modules === 0) throw new Error(`No GS1-128 bars for SSCC ${sscc}`);
  return { bars: bars.sort((a, b) => a[0] - b[0]), modules };
}

/** Writes text in one of the standard fonts: a character it cannot encode becomes '?', a line too wide ends in '…'. */
function textWriter(page: PDFPage, regular: PDFFont, bold: PDFFont) {
  const encodable = new Set(regular.getCharacterSet());
  return (x: number, y: number, size: number, value: string, strong = false) => {
    const font = strong ? bold : regular;
    let text = [...value].map((c) => (encodable.has(c.codePointAt(0)!) ? c : '?')).join('');
    const room = WIDTH - MARGIN - x;
    if (font.widthOfTextAtSize(text, size) > room) {
      while (text.length > 1 && font.widthOfTextAtSize(`${text}…`, size) > room) text = text.slice(0, -1);
      text = `${text.trimEnd()}…`;
    }
    page.drawText(text, { x, y, size, font, color: rgb(0, 0, 0) });
  };
}

function drawLabel(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, input: LabelInput, pkg: AsnPackage, n: number): void {
  const text = textWriter(page, fonts.regular, fonts.bold);
  let y = HEIGHT - MARGIN - 10;
  const block = (title: string, lines: string[]) => {
    text(MARGIN, y, 8, title, true);
    y -= 13;
    for (const line of lines.slice(0, ADDRESS_LINES)) {
      text(MARGIN, y, 10, line);
      y -= 12;
    }
    y -= 6;
  };
  block('SHIP FROM', addressLines(input.shipFrom));
  block('SHIP TO', addressLines(input.shipTo));
  text(MARGIN, y, 12, `Order ${input.orderNumber}`, true);
  y -= 16;
  text(MARGIN, y, 12, `Package ${n} of ${input.packages.length} (${pkg.kind})`, true);
  page.drawLine({ start: { x: MARGIN, y: y - 10 }, end: { x: WIDTH - MARGIN, y: y - 10 }, thickness: 0.5, color: rgb(0, 0, 0) });
  if (!pkg.sscc) {
    text(MARGIN, MARGIN + 20, 10, 'No SSCC on this package.');
    return;
  }
  const { bars, modules } = gs1128Bars(pkg.sscc);
  const left = (WIDTH - modules * MODULE) / 2;
  const bottom = MARGIN + 22;
  text(MARGIN, bottom + BAR_HEIGHT + 10, 8, 'SSCC', true);
  // One filled path of rectangles, black, without pdf-lib's per-shape transforms: what a label printer rasterises best.
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...bars.map(([x, w]) => rectangle(left + x * MODULE, bottom, w * MODULE, BAR_HEIGHT)), fill(), popGraphicsState());
  text(left, MARGIN + 6, 12, formatSscc(pkg.sscc), true);
}

/** The labels as PDF bytes. */
export async function packageLabelsPdf(input: LabelInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Labels of order ${input.orderNumber}`);
  pdf.setCreator('Procurement Portal');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  input.packages.forEach((pkg, index) => drawLabel(pdf.addPage([WIDTH, HEIGHT]), fonts, input, pkg, index + 1));
  return pdf.save();
}
