import { useEffect, useRef, useState } from 'react';
import { errorToastTextOf } from '../../api/api-error';
import { useJobOutcome } from './use-job-outcome';

export interface ExportSettled {
  ok: boolean;
  /** Why it failed: the request's refusal, or the job's error (the partner's words for a refused cXML document). */
  failure: string | null;
  /** What the finished job answered (a re-extraction's invoice number). */
  result?: unknown;
}

/**
 * An export the user starts: `queue` asks the server for the job, which is then followed
 * until it is done or failed (a job the server retries stays busy meanwhile). `onSettled`
 * hears each export's end once.
 */
export function useExportJob<A extends unknown[]>(orgId: string, queue: (...args: A) => Promise<number>, onSettled: (outcome: ExportSettled) => void) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const job = useJobOutcome(orgId, jobId);
  const settledJob = useRef<number | null>(null);
  const settledHook = useRef(onSettled);
  useEffect(() => {
    settledHook.current = onSettled;
  }, [onSettled]);

  useEffect(() => {
    if (jobId === null || !job || settledJob.current === jobId) return;
    if (job.state !== 'done' && job.state !== 'failed') return;
    settledJob.current = jobId;
    settledHook.current({ ok: job.state === 'done', failure: job.state === 'failed' ? (job.errors ?? []).join(' ') || null : null, result: job.result });
  }, [job, jobId]);

  const start = (...args: A) => {
    setSending(true);
    queue(...args)
      .then(setJobId, (error: unknown) => settledHook.current({ ok: false, failure: errorToastTextOf(error) }))
      .finally(() => setSending(false));
  };
  const running = jobId !== null && settledJob.current !== jobId && (!job || job.state === 'queued' || job.state === 'running');
  return { start, busy: sending || running };
}
