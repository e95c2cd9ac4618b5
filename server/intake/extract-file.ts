import type { Db } from '../db/database';
import { extractInvoiceSandboxed } from './extract/extract-sandboxed';
import type { ExtractionOutcome, IntakeFile } from './extract/extracted-invoice';
import { SHIPPED_TEMPLATES } from './extract/shipped-templates';

/**
 * What one attachment is, read in a sandbox worker: a file that passes a limit or
 * crashes its worker is a 'failed' outcome, never a failed message, so the other
 * attachments of the same mail are still extracted.
 */
export async function extractFile(_db: Db, file: IntakeFile): Promise<ExtractionOutcome> {
  // The templates support edits are stored by the extract branch; until that storage is merged, the shipped ones.
  return extractInvoiceSandboxed(file, SHIPPED_TEMPLATES);
}
