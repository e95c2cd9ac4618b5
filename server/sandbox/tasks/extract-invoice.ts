import type { ExtractionTemplate } from '../../../src/domain/schemas/extraction-templates';
import type { ExtractionOutcome, IntakeFile } from '../../intake/extract/extracted-invoice';
import { extractInvoiceFile } from '../../intake/extract/extract-invoice-file';

export interface ExtractInvoiceInput {
  file: IntakeFile;
  templates: ExtractionTemplate[];
}

/** One attachment or upload read as an invoice (see server/intake/extract), in a sandbox worker. */
export async function extractInvoice(input: ExtractInvoiceInput): Promise<ExtractionOutcome> {
  return extractInvoiceFile(input.file, input.templates);
}
