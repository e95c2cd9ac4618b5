import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchJob } from '../../local/online/file-calls';
import type { JobView } from '../../domain/schemas/jobs';

const POLL_MS = 1000;

export interface TrackedJob {
  key: string;
  label: string;
  jobId: number;
  state: JobView['state'];
  /** The job's error and its row errors, when it failed. */
  errors: string[];
  downloadUrl: string | null;
  /** Rows a finished import took in. */
  rows: number | null;
}

function outcomeOf(job: JobView): Pick<TrackedJob, 'state' | 'errors' | 'downloadUrl' | 'rows'> {
  const result = (job.result ?? {}) as { errors?: unknown; rows?: unknown };
  const rowErrors = Array.isArray(result.errors) ? result.errors.map(String) : [];
  return {
    state: job.state,
    errors: job.state === 'failed' ? [...(job.error ? [job.error] : []), ...rowErrors] : [],
    downloadUrl: job.downloadUrl,
    rows: typeof result.rows === 'number' ? result.rows : null,
  };
}

/**
 * The catalogue's background jobs as the user started them: each is polled until it is
 * done or failed, and stays listed (with its errors) until the user dismisses it.
 * `onSettled` hears each job's end once (e.g. a price file imported: refetch the list).
 */
export function useJobTracker(orgId: string, onSettled?: (job: TrackedJob) => void) {
  const [jobs, setJobs] = useState<TrackedJob[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const settledHook = useRef(onSettled);
  useEffect(() => {
    settledHook.current = onSettled;
  }, [onSettled]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const track = useCallback(
    (key: string, label: string, jobId: number) => {
      setJobs((list) => [
        ...list.filter((j) => j.key !== key),
        { key, label, jobId, state: 'queued', errors: [], downloadUrl: null, rows: null },
      ]);
      const poll = () => {
        fetchJob(orgId, jobId).then(
          (job) => {
            const outcome = outcomeOf(job);
            setJobs((list) => list.map((j) => (j.key === key && j.jobId === jobId ? { ...j, ...outcome } : j)));
            if (outcome.state === 'done' || outcome.state === 'failed') settledHook.current?.({ key, label, jobId, ...outcome });
            else schedule();
          },
          () => schedule(),
        );
      };
      const schedule = () => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          poll();
        }, POLL_MS);
        timers.current.add(timer);
      };
      poll();
    },
    [orgId],
  );

  const dismiss = useCallback((key: string) => setJobs((list) => list.filter((j) => j.key !== key)), []);
  const jobOf = useCallback((key: string) => jobs.find((j) => j.key === key) ?? null, [jobs]);
  return { jobs, track, dismiss, jobOf };
}
