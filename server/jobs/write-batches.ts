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
