import type { Tx } from '../sync/change-log';
import type { JobContext } from './job-context';
import { checkpoint } from './job-limits';
import { WRITE_BATCH_ROWS } from '../sandbox/limits';

/**
 * Splits keys (product codes) into batches of about WRITE_BATCH_ROWS rows, whole keys
 * only: each batch is one short transaction that replaces what its keys hold, so a job
 * cut short between two leaves every key either as it was or as the file has it, and
 * running it again gives the same result.
 */
export function keyBatches<T>(groups: ReadonlyMap<string, readonly T[]>, maxRows = WRITE_BATCH_ROWS): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let rows = 0;
  for (const [key, items] of groups) {
    if (batch.length > 0 && rows + items.length > maxRows) {
      batches.push(batch);
      batch = [];
      rows = 0;
    }
    batch.push(key);
    rows += Math.max(1, items.length);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Writes batch after batch, each in its own short transaction after a checkpoint. A job
 * that fails once some batches are written (its time limit, a database error) says so in
 * history through `partly` before the failure goes on, since what it wrote stays; a stop of
 * the server records nothing, as the job runs again from the start.
 */
export async function writeBatches(
  ctx: JobContext,
  batches: readonly string[][],
  write: (trx: Tx, keys: string[]) => Promise<void>,
  partly: (trx: Tx, writtenKeys: number, reason: string) => Promise<void>,
): Promise<void> {
  let written = 0;
  try {
    for (const keys of batches) {
      await checkpoint(ctx);
      await ctx.db.transaction().execute((trx) => write(trx, keys));
      written += keys.length;
    }
  } catch (error) {
    if (written > 0 && !ctx.signal?.aborted) {
      const reason = error instanceof Error ? error.message : String(error);
      await ctx.db.transaction().execute((trx) => partly(trx, written, reason));
    }
    throw error;
  }
}
