import type { AppContext } from '../app-context';
import { blobStoreFor } from '../files/blob-stores';
import { JobFailure, JobRetry, type JobContext, type JobHandler } from './job-context';
import { claimNextJob, finishJob, JOB_LEASE_MS, renewLease, requeueStale, retryJob, type JobRow } from './queue';

export const JOB_POLL_INTERVAL_MS = 500;
const STALE_RUNNING_MS = 15 * 60 * 1000;

export interface JobRunner {
  /** Runs queued jobs one after another until none is left; the poller and tests call it. */
  runPending(): Promise<number>;
  stop(): Promise<void>;
}

async function runOne(ctx: JobContext, handlers: Record<string, JobHandler>, job: JobRow): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) {
    await finishJob(ctx.db, job, { state: 'failed', result: null, error: `No handler for job kind ${job.kind}` });
    return;
  }
  // The lease is renewed while the handler runs, so only a dead process's job is claimed again.
  const heartbeat = setInterval(() => void renewLease(ctx.db, job).catch(() => undefined), JOB_LEASE_MS / 3);
  heartbeat.unref();
  try {
    const result = await handler(ctx, job);
    await finishJob(ctx.db, job, { state: 'done', result: result ?? null, error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof JobRetry) {
      await retryJob(ctx.db, job, error.delayMs, message);
      return;
    }
    const failure = error instanceof JobFailure ? error : null;
    await finishJob(ctx.db, job, { state: 'failed', result: failure?.result ?? null, error: message });
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The in-process worker of the table-backed queue: polls every ~500 ms and runs one
 * job at a time, so an import never competes with another for the single SQLite writer.
 * A job is run at least once: a retried job comes back after its backoff, and a job
 * whose process died comes back when its lease runs out (server/jobs/queue.ts).
 */
export function startJobRunner(app: AppContext, handlers: Record<string, JobHandler>): JobRunner {
  const ctx: JobContext = { db: app.db, config: app.config, blobs: blobStoreFor(app.config) };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;

  async function drain(): Promise<number> {
    let count = 0;
    while (!stopped) {
      const job = await claimNextJob(ctx.db);
      if (!job) break;
      await runOne(ctx, handlers, job);
      count++;
    }
    return count;
  }

  /** One drain at a time: the poller and an explicit call share it. */
  function runPending(): Promise<number> {
    if (!current) {
      current = drain().finally(() => {
        current = null;
      });
    }
    return current;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runPending()
        .catch(() => undefined)
        .finally(schedule);
    }, JOB_POLL_INTERVAL_MS);
    timer.unref();
  }

  void requeueStale(ctx.db, STALE_RUNNING_MS)
    .catch(() => undefined)
    .finally(schedule);

  return {
    runPending: async () => {
      // A drain that started before the caller's job was queued may already be past it.
      let total = await runPending();
      total += await runPending();
      return total;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (current) await current.catch(() => undefined);
    },
  };
}
