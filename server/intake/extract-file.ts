import type { Db } from '../db/database';
import { extractInvoiceSandboxed } from './extract/extract-sandboxed';
import type { ExtractionOutcome, IntakeFile } from './extract/extracted-invoice';
import { sniffBytes } from './extract/sniff';
import { loadExtractionTemplates } from './extract/template-store';

/**
 * What one attachment is, read in a sandbox worker with the templates support saved and
 * the shipped ones: a file that passes a limit or crashes its worker is a 'failed'
 * outcome, never a failed message, so the other attachments of the same mail are still extracted.
 * Templates read plain PDFs only, so only a file whose first kilobyte says PDF (the
 * worker's own sniff, which reads no further) has them read from the database and sent along.
 */
export async function extractFile(db: Db, file: IntakeFile, opts: { preferSupplierKey?: string | null } = {}): Promise<ExtractionOutcome> {
  const templates = sniffBytes(file.bytes) === 'pdf' ? await loadExtractionTemplates(db, opts) : [];
  return extractInvoiceSandboxed(file, templates);
}
