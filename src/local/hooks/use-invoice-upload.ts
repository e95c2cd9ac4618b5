import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useJobOutcome, type JobOutcome } from './use-job-outcome';

function invoiceIdsOf(result: unknown): string[] {
  const ids = result && typeof result === 'object' ? (result as { invoiceIds?: unknown }).invoiceIds : undefined;
  return Array.isArray(ids) ? ids.map(String) : [];
}

/**
 * An uploaded invoice file, followed until its invoice is in the local store: the
 * intake job first (reading the file can take a while), then the invoice it created,
 * mirrored at once rather than at the next sync. Until then the job reads as running.
 */
export function useInvoiceUpload(orgId: string, scope: string) {
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJobOutcome(orgId, jobId);
  const invoiceIds = job?.state === 'done' ? invoiceIdsOf(job.result) : [];
  const idsKey = invoiceIds.join(',');

  useEffect(() => {
    for (const id of idsKey ? idsKey.split(',') : []) void mirror('invoice', scope, id);
  }, [scope, idsKey]);
  const held = useLiveQuery(
    async () => (idsKey ? (await localDatabase().invoices.bulkGet(idsKey.split(',').map((id) => [scope, id] as [string, string]))).every(Boolean) : false),
    [scope, idsKey],
  );

  const shown: JobOutcome | undefined = job?.state === 'done' && !held ? { ...job, state: 'running' } : job;
  const onUploaded = useCallback((id: number | undefined) => setJobId(id ?? null), []);
  const reset = useCallback(() => setJobId(null), []);
  return { job: shown, onUploaded, reset };
}
