import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { TaskRefusal } from '../sandbox/sandbox-error';
import type { JobRow } from './queue';

export interface JobContext {
  db: Db;
  config: ServerConfig;
  blobs: BlobStore;
  /** Aborted when the server stops: the job ends at its next checkpoint and is queued again. */
  signal?: AbortSignal;
  /** When the job passes JOB_TIME_LIMIT_MS (ms since the epoch). */
  deadline?: number;
}

/** A handler answers the job's result; throwing `JobFailure` fails it with a message and a result (row errors). */
export type JobHandler = (ctx: JobContext, job: JobRow) => Promise<unknown>;

/**
 * A refusal, as a sandbox task's is: thrown inside a sandbox worker (by readers shared with
 * jobs), it crosses to the main thread with its result as the SandboxError's details.
 */
export class JobFailure extends TaskRefusal {
  constructor(
    message: string,
    readonly result: unknown = null,
  ) {
    super(message, result);
  }
}

/**
 * What a handler answers when it ended its job itself, in the transaction that made the
 * job's effect (finishJob inside it): the runner does not write the job's end again.
 */
export class JobFinished {
  constructor(readonly result: unknown) {}
}

/** Throwing `JobRetry` queues the job again, claimable after `delayMs` (the handler's backoff); `message` stays as its error meanwhile. */
export class JobRetry extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}
