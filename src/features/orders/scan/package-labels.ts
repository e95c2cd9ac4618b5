import { toSVG } from 'bwip-js/browser';
import { formatSscc } from '../../../domain/gs1/sscc';
import type { AsnPackage } from '../../../domain/schemas/asn-packages';
import type { Address } from '../../../domain/schemas/orders';

/**
 * The shipping labels of an ASN's packages as a PDF made in the browser (so it works
 * offline): one 100 x 150 mm page per package with the GS1-128 barcode of (00) + SSCC,
 * drawn bar by bar from bwip-js's encoding, the SSCC as text, ship-from, ship-to, the
 * order number and package n of m. The PDF is written by hand: one font of the 14 every
 * reader has (Helvetica), rectangles for the bars, content left uncompressed.
 */

const MM = 72 / 25.4;
const WIDTH = 100 * MM;
const HEIGHT = 150 * MM;
const MARGIN = 8 * MM;
/** The GS1-128 X-dimension on a logistic label: 0.495 mm minimum (GS1 General Specifications 5.12.3.1); 0.5 mm here. */
const MODULE = 0.5 * MM;
const BAR_HEIGHT = 32 * MM;

export interface LabelInput {
  orderNumber: string;
  shipFrom: Address;
  shipTo: Address;
  packages: readonly AsnPackage[];
}

/** A PDF string literal in WinAnsi: characters outside Latin-1 become '?'. */
function pdfText(value: string): string {
  const latin = [...value].map((c) => (c.charCodeAt(0) < 256 ? c : '?')).join('');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ')})`;
}

const addressLines = (a: Address) =>
  [a.name, a.postalAddressName, a.postalAddressStreet, [a.postalAddressCity, a.postalAddressState, a.postalAddressPostcode].filter(Boolean).join(' '), a.postalAddressCountryCode]
    .map((l) => l.trim())
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

function pageContent(input: LabelInput, pkg: AsnPackage, n: number): string {
  const ops: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfText(value)} Tj ET`);
  let y = HEIGHT - MARGIN - 10;
  const block = (title: string, lines: string[]) => {
    text(MARGIN, y, 8, title, true);
    y -= 13;
    for (const line of lines.slice(0, 5)) {
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
  ops.push(`0.5 w ${MARGIN.toFixed(2)} ${(y - 10).toFixed(2)} m ${(WIDTH - MARGIN).toFixed(2)} ${(y - 10).toFixed(2)} l S`);
  if (pkg.sscc) {
    const { bars, modules } = gs1128Bars(pkg.sscc);
    const left = (WIDTH - modules * MODULE) / 2;
    const bottom = MARGIN + 22;
    text(MARGIN, bottom + BAR_HEIGHT + 10, 8, 'SSCC', true);
    for (const [x, w] of bars) ops.push(`${(left + x * MODULE).toFixed(3)} ${bottom.toFixed(3)} ${(w * MODULE).toFixed(3)} ${BAR_HEIGHT.toFixed(3)} re f`);
    text(left, MARGIN + 6, 12, formatSscc(pkg.sscc), true);
  } else {
    text(MARGIN, MARGIN + 20, 10, 'No SSCC on this package.');
  }
  return ops.join('\n');
}

/** The labels as PDF bytes. */
export function packageLabelsPdf(input: LabelInput): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pages = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  input.packages.forEach((pkg, index) => {
    const content = pageContent(input, pkg, index + 1);
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${WIDTH.toFixed(2)} ${HEIGHT.toFixed(2)}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  // Offsets are counted in bytes: every text above is ASCII (pdfText keeps Latin-1, written as one byte each below).
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
}
