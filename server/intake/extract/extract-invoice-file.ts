import type { ExtractionTemplate } from '../../../src/domain/schemas/extraction-templates';
import type { ExtractionOutcome, IntakeFile } from './extracted-invoice';
import { extractPdfInvoice } from './pdf-invoice';
import { sniffBytes } from './sniff';
import { extractXmlInvoice } from './xml-invoice';

/**
 * What one attachment or uploaded file holds, decided by its bytes alone (a name or MIME
 * type is the sender's claim): an invoice, a document that is not one, or an invoice
 * that could not be read, with the reason. Never throws: an unexpected error is a
 * 'failed' outcome naming it. Meant to run in a sandbox worker with time and memory limits.
 */
export async function extractInvoiceFile(file: IntakeFile, templates: readonly ExtractionTemplate[]): Promise<ExtractionOutcome> {
  const kind = sniffBytes(file.bytes);
  try {
    switch (kind) {
      case 'pdf':
        return await extractPdfInvoice(file.bytes, templates);
      case 'xml':
        return extractXmlInvoice(file.bytes);
      case 'eicar':
        return { kind: 'no-invoice', reason: 'The file is the EICAR anti-virus test file; it is kept, never opened.', showPdf: false };
      case 'zip':
        return { kind: 'no-invoice', reason: 'Archives (zip) are kept, not opened.', showPdf: false };
      case 'image':
        return { kind: 'no-invoice', reason: 'Images are kept, not read (no OCR).', showPdf: false };
      case 'html':
        return { kind: 'no-invoice', reason: 'An HTML page is not an invoice document.', showPdf: false };
      case 'empty':
        return { kind: 'no-invoice', reason: 'The file is empty.', showPdf: false };
      case 'other':
        return { kind: 'no-invoice', reason: 'The file is neither a PDF nor XML.', showPdf: false };
    }
  } catch (err) {
    return { kind: 'failed', reason: `Extraction stopped: ${(err as Error).message}`, showPdf: kind === 'pdf' };
  }
}
