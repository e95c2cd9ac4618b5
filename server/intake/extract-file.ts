import type { Db } from '../db/database';
import { extractInvoiceSandboxed } from './extract/extract-sandboxed';
import type { ExtractionOutcome, IntakeFile } from './extract/extracted-invoice';
import { loadExtractionTemplates } from './extract/template-store';

/**
 * What one attachment is, read in a sandbox worker with the templates support saved and
 * the shipped ones: a file that passes a limit or crashes its worker is a 'failed'
 * outcome, never a failed message, so the other attachments of the same mail are still extracted.
 */
export async function extractFile(db: Db, file: IntakeFile, opts: { preferSupplierKey?: string | null } = {}): Promise<ExtractionOutcome> {
  return extractInvoiceSandboxed(file, await loadExtractionTemplates(db, opts));
}
