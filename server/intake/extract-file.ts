import type { ExtractionTemplate } from '../../src/domain/schemas/extraction-templates';
import type { Db } from '../db/database';
import { runSandboxed, SandboxError } from '../sandbox/run-sandboxed';
import type { ExtractionOutcome, IntakeFile } from './extract/extracted-invoice';

/** One file's extraction is bounded apart from the mail's: a PDF that loops or eats memory fails alone. */
const EXTRACT_LIMITS = { timeMs: 20_000, memoryMb: 384 };

/**
 * The 'extract-invoice' sandbox task as the extract branch registers it. Until that
 * registration is merged, the typed registry does not name it yet, hence this one cast.
 */
const runExtractInvoice = runSandboxed as unknown as (
  task: 'extract-invoice',
  input: { file: IntakeFile; templates: readonly ExtractionTemplate[] },
  limits: { timeMs: number; memoryMb: number },
) => Promise<ExtractionOutcome>;

/**
 * What one attachment is (extract-invoice, in a sandbox worker). A file that passes a
 * limit or crashes its worker is an unreadable document, never a failed message: the
 * other attachments of the same mail are still extracted.
 */
export async function extractFile(_db: Db, file: IntakeFile): Promise<ExtractionOutcome> {
  try {
    // The templates' storage is the extract branch's; until it is merged, only structured formats are read.
    const templates: ExtractionTemplate[] = [];
    return await runExtractInvoice('extract-invoice', { file, templates }, EXTRACT_LIMITS);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    // Not shown either: a PDF that stalled the sandbox would stall the viewer too.
    return { kind: 'failed', reason: error.message, showPdf: false };
  }
}
