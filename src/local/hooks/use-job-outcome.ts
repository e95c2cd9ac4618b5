import { useEffect, useState } from 'react';
import { fetchJob } from '../../api/upload-calls';
import type { JobView } from '../../domain/schemas/jobs';

export interface JobOutcome {
  state: JobView['state'];
  /** What the finished job answered (the invoices an invoice upload created...). */
  result?: unknown;
  rowsImported?: number;
  errors?: string[];
}

const POLL_MS = 1000;

function outcomeOf(job: JobView): JobOutcome {
  const result = (job.result && typeof job.result === 'object' ? job.result : {}) as { rows?: unknown; errors?: unknown };
  const errors = Array.isArray(result.errors) ? result.errors.map(String) : [];
  return {
    state: job.state,
    result: job.result,
    rowsImported: job.state === 'done' && typeof result.rows === 'number' ? result.rows : undefined,
    errors: errors.length > 0 ? errors : job.error ? [job.error] : undefined,
  };
}

/**
 * Follows a job (an import an upload queued, an EDI export) until it is done or failed
 * (jobs are the server's, read while online; nothing of them is kept in the browser).
 */
export function useJobOutcome(orgId: string, jobId: number | null): JobOutcome | undefined {
  const [outcome, setOutcome] = useState<JobOutcome | undefined>(undefined);
  useEffect(() => {
    setOutcome(undefined);
    if (jobId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const poll = () => {
      fetchJob(orgId, jobId).then(
        (job) => {
          if (!live) return;
          setOutcome(outcomeOf(job));
          if (job.state === 'queued' || job.state === 'running') timer = setTimeout(poll, POLL_MS);
        },
        () => {
          if (live) timer = setTimeout(poll, POLL_MS);
        },
      );
    };
    poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orgId, jobId]);
  return outcome;
}
