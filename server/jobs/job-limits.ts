import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { JOB_MAX_ATTEMPTS, JOB_TIME_LIMIT_MS, type SandboxLimits } from '../sandbox/limits';
import { runSandboxed } from '../sandbox/run-sandboxed';
import { SandboxError } from '../sandbox/sandbox-error';
import type { SandboxTasks } from '../sandbox/tasks/index';
import { JobFailure, type JobContext } from './job-context';

export const jobTimeLimitPassed = `The job took longer than the limit of ${JOB_TIME_LIMIT_MS / 60_000} minutes, so it was stopped; nothing after its last completed batch was written.`;

export const jobInterruptedTooOften = `The job was interrupted ${JOB_MAX_ATTEMPTS} times before it could finish (the server stopped or restarted), so it was not started again.`;

/**
 * Between two batches of a job's work: ends the job when the server is stopping (it is
 * queued again) or when it passed its time limit (it fails), and gives other requests
 * their turn on the event loop and the database.
 */
export async function checkpoint(ctx: JobContext): Promise<void> {
  ctx.signal?.throwIfAborted();
  const deadline = ctx.deadline;
  if (deadline !== undefined && Date.now() > deadline) throw new JobFailure(jobTimeLimitPassed, { errors: [] });
  await yieldToEventLoop();
}

/**
 * Runs a sandbox task for a job: a refusal or a passed limit fails the job with the
 * sandbox's sentence (and a task's row errors); a stop of the server interrupts it.
 */
export async function runJobTask<K extends keyof SandboxTasks>(
  ctx: JobContext,
  task: K,
  input: Parameters<SandboxTasks[K]>[0],
  limits?: Partial<SandboxLimits>,
): Promise<Awaited<ReturnType<SandboxTasks[K]>>> {
  try {
    return await runSandboxed(task, input, limits, { signal: ctx.signal });
  } catch (error) {
    ctx.signal?.throwIfAborted();
    if (error instanceof SandboxError) throw new JobFailure(error.message, error.details ?? { errors: [] });
    throw error;
  }
}
