import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';

/** Past this a PDF is refused, not read: an invoice with its terms runs to a few pages. */
const MAX_PDF_PAGES = 200;

export class PdfRefused extends Error {}

export interface PdfAttachment {
  filename: string;
  content: Uint8Array;
}

/**
 * Opens a PDF with pdf.js for reading only: no eval, no fonts loaded into the runtime,
 * no network. Rejects with PdfRefused when pdf.js cannot read it or it is too long.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of (and detaches) the buffer it is given: it gets a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfRefused('The PDF is password protected.');
    throw new PdfRefused(`The PDF cannot be read (${(err as Error).message}).`);
  }
  if (doc.numPages > MAX_PDF_PAGES) {
    await doc.destroy();
    throw new PdfRefused(`The PDF has ${doc.numPages} pages; at most ${MAX_PDF_PAGES} are read.`);
  }
  return doc;
}

export async function pdfAttachments(doc: PDFDocumentProxy): Promise<PdfAttachment[]> {
  const found = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  return Object.values(found).map((a) => ({ filename: a.filename, content: a.content }));
}

interface Placed {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A gap wider than this between two runs of text on a line is a column break, written as two spaces. */
const COLUMN_GAP = 6;

/**
 * The text layer as lines, top to bottom and left to right on each page, pages one after
 * another: runs whose baselines lie within half a line of each other form one line;
 * runs a column apart are separated by two spaces, words by one. This is what
 * extraction templates read.
 */
export async function pdfTextLines(doc: PDFDocumentProxy): Promise<string[]> {
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    page.cleanup();
    const runs: Placed[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      runs.push({ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height || 8 });
    }
    runs.sort((a, b) => b.y - a.y || a.x - b.x);
    const rows: Placed[][] = [];
    for (const run of runs) {
      const row = rows[rows.length - 1];
      if (row && Math.abs(row[0]!.y - run.y) <= Math.max(2, run.height / 2)) row.push(run);
      else rows.push([run]);
    }
    for (const row of rows) {
      row.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      for (const run of row) {
        const gap = run.x - end;
        if (text) text += gap > COLUMN_GAP ? '  ' : gap > 0.5 && !text.endsWith(' ') && !run.str.startsWith(' ') ? ' ' : '';
        text += run.str;
        end = run.x + run.width;
      }
      lines.push(text.trimEnd());
    }
  }
  return lines;
}
