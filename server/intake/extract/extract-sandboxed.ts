import type { ExtractionTemplate } from '../../../src/domain/schemas/extraction-templates';
import { DEFAULT_SANDBOX_LIMITS } from '../../sandbox/limits';
import { runSandboxed, SandboxError, type SandboxLimits } from '../../sandbox/run-sandboxed';
import { sandboxStopped } from '../../sandbox/sandbox-messages';
import type { ExtractionOutcome, IntakeFile } from './extracted-invoice';

/**
 * Limits for reading one file: an invoice PDF of a few pages takes well under a second
 * and tens of MiB; a PDF that makes pdf.js loop or balloon is stopped long before it
 * holds a worker for the default minute. The heap is the default one: a worker's heap is
 * fixed at its start, so mail, invoices and price files take turns on the same workers
 * instead of restarting each other's (a second or more of CPU each).
 */
export const EXTRACTION_LIMITS: SandboxLimits = { timeMs: 20_000, memoryMb: DEFAULT_SANDBOX_LIMITS.memoryMb, maxOutputBytes: 8 * 1024 * 1024 };

/**
 * Extracts one file in a sandbox worker (the intake's way in). A file that passes a limit
 * or kills its worker is a 'failed' outcome with the sandbox's sentence as its reason,
 * so one hostile attachment never stops the rest of its mail. Only the server stopping
 * rejects (SandboxError), so the job runs again later.
 */
export async function extractInvoiceSandboxed(
  file: IntakeFile,
  templates: readonly ExtractionTemplate[],
  limits: Partial<SandboxLimits> = {},
): Promise<ExtractionOutcome> {
  try {
    return await runSandboxed('extract-invoice', { file, templates: [...templates] }, { ...EXTRACTION_LIMITS, ...limits });
  } catch (err) {
    if (err instanceof SandboxError && err.message !== sandboxStopped) {
      // Not shown either: a PDF that stalled pdf.js here would stall the viewer's pdf.js too.
      return { kind: 'failed', reason: err.message, showPdf: false };
    }
    throw err;
  }
}
