import { DEFAULT_SANDBOX_LIMITS } from '../../sandbox/limits';
import { runSandboxed, SandboxError } from '../../sandbox/run-sandboxed';
import type { ReadCxmlRequestResult } from './read-cxml-request';

/**
 * Limits of reading one posted document: at most 10 MiB arrive, libxml2 reads an order of
 * 500 lines in milliseconds, so a document still being read after 10 s is hostile.
 */
const READ_LIMITS = { timeMs: 10_000, memoryMb: DEFAULT_SANDBOX_LIMITS.memoryMb };

/** Reads an inbound document and its request in the sandbox; a document that passes a limit is refused as unreadable. */
export async function readCxmlDocument(bytes: Uint8Array): Promise<ReadCxmlRequestResult> {
  try {
    // The partner's system waits on its request for the answer. The worker is given its own
    // copy, moved rather than cloned: the caller still answers and logs from `bytes`.
    const copy = bytes.slice();
    return await runSandboxed('read-cxml', { bytes: copy }, READ_LIMITS, { lane: 'request', transfer: [copy.buffer] });
  } catch (error) {
    if (error instanceof SandboxError && error.reason !== 'crash') return { ok: false, status: 400, message: error.message, errors: [] };
    throw error;
  }
}
