import { runSandboxed } from '../sandbox/run-sandboxed';
import { EXTRACTION_LIMITS } from './extract/extract-sandboxed';
import type { MailAuthInput, ParsedMail } from '../sandbox/tasks/parse-mail';

/**
 * A mail of up to 25 MiB is read within this time; a MIME bomb is stopped by it or by the
 * heap cap. The heap is the extraction's: a worker's heap is fixed when it starts, so
 * tasks of one size share warm workers instead of each restarting one.
 */
const PARSE_MAIL_LIMITS = { timeMs: 30_000, memoryMb: EXTRACTION_LIMITS.memoryMb };

/** Reads one raw mail in a sandbox worker (mailparser and mailauth never run on the main thread). */
export function parseMailSandboxed(raw: Buffer, auth: MailAuthInput): Promise<ParsedMail> {
  // A copy, so the worker gets plain bytes of its own and the Buffer pool is never transferred.
  return runSandboxed('parse-mail', { raw: new Uint8Array(raw), auth }, PARSE_MAIL_LIMITS);
}
