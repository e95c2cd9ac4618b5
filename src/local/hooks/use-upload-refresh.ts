import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_REFRESH_DELAY_MS } from '../../domain/constants';
import { useJobOutcome } from './use-job-outcome';

/**
 * After an upload the view refreshes 3 seconds later (the spec's delay), and again
 * once the file's import job is done; the job's outcome is for the upload area.
 */
export function useUploadRefresh(orgId: string, refresh: () => void) {
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJobOutcome(orgId, jobId);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (jobId === null) return;
    const timer = setTimeout(() => refreshRef.current(), UPLOAD_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [jobId]);
  useEffect(() => {
    if (job?.state === 'done') refreshRef.current();
  }, [job?.state]);

  const onUploaded = useCallback((id: number | undefined) => setJobId(id ?? null), []);
  const reset = useCallback(() => setJobId(null), []);
  return { job, onUploaded, reset };
}
