import type { ExtractionTemplate } from '../../../src/domain/schemas/extraction-templates';
import { extractCii } from './cii';
import type { ExtractionOutcome } from './extracted-invoice';
import { openPdf, pdfAttachments, pdfTextLines, PdfRefused } from './pdf-document';
import { findTemplate, readWithTemplate } from './pdf-template';
import { parseXml, XmlRefused } from './xml-tree';

/** The names Factur-X, ZUGFeRD 2 and XRechnung give the CII XML they embed. */
const EMBEDDED_XML = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

/**
 * A PDF: the CII XML it embeds when it is Factur-X / ZUGFeRD, else its text layer read by
 * the first template that recognises it. The PDF itself is what the viewer shows.
 */
export async function extractPdfInvoice(bytes: Uint8Array, templates: readonly ExtractionTemplate[]): Promise<ExtractionOutcome> {
  let doc;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    if (err instanceof PdfRefused) return { kind: 'failed', reason: err.message, showPdf: false };
    throw err;
  }
  try {
    const embedded = (await pdfAttachments(doc)).find((a) => EMBEDDED_XML.test(a.filename));
    if (embedded) {
      try {
        const root = parseXml(embedded.content);
        if (root.name === 'CrossIndustryInvoice') return extractCii(root, 'FACTUR-X', true);
        return { kind: 'failed', reason: `The PDF's ${embedded.filename} is not a Cross Industry Invoice.`, showPdf: true };
      } catch (err) {
        if (err instanceof XmlRefused) return { kind: 'failed', reason: `The PDF's ${embedded.filename}: ${err.message}`, showPdf: true };
        throw err;
      }
    }
    const lines = await pdfTextLines(doc);
    if (!lines.some((l) => l.trim())) return { kind: 'failed', reason: 'The PDF has no text layer (a scan?); scans are not read.', showPdf: true };
    const template = findTemplate(lines.join('\n'), templates);
    if (!template) return { kind: 'failed', reason: "No extraction template recognises this PDF's layout.", showPdf: true };
    return readWithTemplate(lines, template);
  } finally {
    await doc.destroy();
  }
}
