import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import type { JobRow } from './queue';

export interface JobContext {
  db: Db;
  config: ServerConfig;
  blobs: BlobStore;
}

/** A handler answers the job's result; throwing `JobFailure` fails it with a message and a result (row errors). */
export type JobHandler = (ctx: JobContext, job: JobRow) => Promise<unknown>;

export class JobFailure extends Error {
  constructor(
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
  }
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
