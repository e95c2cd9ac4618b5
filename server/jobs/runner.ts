import type { AppContext } from '../app-context';
import { blobStoreFor } from '../files/blob-stores';
import { JOB_MAX_ATTEMPTS, JOB_TIME_LIMIT_MS } from '../sandbox/limits';
import { JobFailure, JobFinished, JobRetry, type JobContext, type JobHandler } from './job-context';
import { jobInterruptedTooOften } from './job-limits';
import { yieldToRequests } from './yield-to-requests';
import { claimNextJob, finishJob, JOB_LEASE_MS, renewLease, requeueJob, requeueStale, retryJob, type JobRow } from './queue';

const JOB_POLL_INTERVAL_MS = 500;

/** The polling runners of this process, each told when this process queues a job. */
const awake = new Set<() => void>();

/**
 * A job this process queued is committed: its runner looks now rather than at its next
 * poll (a mail's invoice is not held up to half a second for nothing). Other processes
 * on the same database find it when they poll.
 */
export function jobsQueued(): void {
  for (const wake of awake) wake();
}
/** A running job of an older release (no lease) this much older than the time limit was left by a process that died. */
const STALE_RUNNING_MS = JOB_TIME_LIMIT_MS + 5 * 60 * 1000;

export interface JobRunner {
  /** Runs queued jobs until none is left (side by side only where the kind allows); the poller and tests call it. */
  runPending(): Promise<number>;
  /** Ends the job at hand at its next checkpoint (it is queued again) and runs no more. */
  stop(): Promise<void>;
}

async function runOne(base: JobContext, handlers: Record<string, JobHandler>, job: JobRow, signal: AbortSignal): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) {
    await finishJob(base.db, job, { state: 'failed', result: null, error: `No handler for job kind ${job.kind}` });
    return;
  }
  // Every earlier start was cut short (a stop, a crash) without an outcome: a job that kills
  // its process must not come back forever. Jobs that retry on purpose record why (error).
  if (job.attempts > JOB_MAX_ATTEMPTS && job.error === null) {
    await finishJob(base.db, job, { state: 'failed', result: { errors: [] }, error: jobInterruptedTooOften });
    return;
  }
  const ctx: JobContext = { ...base, signal, deadline: Date.now() + JOB_TIME_LIMIT_MS };
  // The lease is renewed while the handler runs, so only a dead process's job is claimed again.
  const heartbeat = setInterval(() => void renewLease(ctx.db, job).catch(() => undefined), JOB_LEASE_MS / 3);
  heartbeat.unref();
  try {
    const result = await handler(ctx, job);
    if (!(result instanceof JobFinished)) await finishJob(ctx.db, job, { state: 'done', result: result ?? null, error: null });
  } catch (error) {
    if (signal.aborted) {
      await requeueJob(ctx.db, job);
      return;
    }
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
 * Job kinds whose work is mostly in the sandbox's worker threads, with short transactions
 * of their own (an intake message: read the mail, extract each file, then one write):
 * up to `parallel` of them run side by side, so the sandbox reads one while the main
 * thread writes another. Every other kind runs alone.
 */
export interface RunnerConcurrency {
  kinds: ReadonlySet<string>;
  parallel: number;
}

const ALONE: RunnerConcurrency = { kinds: new Set(), parallel: 1 };

/**
 * The in-process worker of the table-backed queue: polls every ~500 ms (unless `poll` is off) and runs jobs in
 * the order they were queued, one at a time, so an import never competes with another
 * for the single SQLite writer; only the kinds `concurrency` names overlap each other.
 * A job is run at least once: a retried job comes back after its backoff, a job the
 * server's stop interrupted is queued again at once, and a job whose process died comes
 * back when its lease runs out (server/jobs/queue.ts).
 */
export function startJobRunner(
  app: AppContext,
  handlers: Record<string, JobHandler>,
  concurrency: RunnerConcurrency = ALONE,
  { poll = true }: { poll?: boolean } = {},
): JobRunner {
  const ctx: JobContext = { db: app.db, config: app.config, blobs: blobStoreFor(app.config) };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;
  /** A job was queued while a drain ran: it may have looked already, so it drains again. */
  let queuedMeanwhile = false;

  async function drain(): Promise<number> {
    let count = 0;
    const running = new Set<Promise<void>>();
    while (!stopping.signal.aborted) {
      // better-sqlite3 answers synchronously: the event loop polls before each claim, so
      // other users' requests come in between two jobs' writes.
      await yieldToRequests();
      const job = await claimNextJob(ctx.db);
      if (!job) break;
      count++;
      if (!concurrency.kinds.has(job.kind)) {
        // A job that runs alone waits for the overlapping ones claimed before it.
        await Promise.all(running);
        await runOne(ctx, handlers, job, stopping.signal);
        continue;
      }
      const run: Promise<void> = runOne(ctx, handlers, job, stopping.signal).finally(() => running.delete(run));
      running.add(run);
      if (running.size >= concurrency.parallel) await Promise.race(running);
    }
    await Promise.all(running);
    return count;
  }

  /** One drain at a time: the poller and an explicit call share it. */
  function runPending(): Promise<number> {
    if (!current) {
      current = (async () => {
        let total = 0;
        do {
          queuedMeanwhile = false;
          total += await drain();
        } while (queuedMeanwhile && !stopping.signal.aborted);
        return total;
      })().finally(() => {
        current = null;
      });
    }
    return current;
  }

  function wake() {
    if (stopping.signal.aborted) return;
    if (current) {
      queuedMeanwhile = true;
      return;
    }
    runPending()
      .catch(() => undefined)
      .finally(schedule);
  }

  function schedule() {
    if (stopping.signal.aborted) return;
    // One poll pending at a time, however the last drain was started (the poll, a wake).
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      runPending()
        .catch(() => undefined)
        .finally(schedule);
    }, JOB_POLL_INTERVAL_MS);
    timer.unref();
  }

  if (poll) {
    awake.add(wake);
    void requeueStale(ctx.db, STALE_RUNNING_MS)
      .catch(() => undefined)
      .finally(schedule);
  }

  return {
    runPending: async () => {
      // A drain that started before the caller's job was queued may already be past it.
      let total = await runPending();
      total += await runPending();
      return total;
    },
    async stop() {
      awake.delete(wake);
      stopping.abort();
      if (timer) clearTimeout(timer);
      if (current) await current.catch(() => undefined);
    },
  };
}
