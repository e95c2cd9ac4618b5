import { sql, type ExpressionBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { Database } from '../db/schema';
import type { Tx } from '../sync/change-log';

type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: number;
  orgKey: string;
  kind: string;
  state: JobState;
  payload: Record<string, unknown>;
  result: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  /** How often the job was claimed, this claim included. */
  attempts: number;
}

/** How long a claim holds without renewal: a running job whose lease ran out belonged to a dead process. */
export const JOB_LEASE_MS = 60_000;

/**
 * Queues a job inside the caller's transaction, so the job exists exactly when the
 * change that asked for it committed (and an idempotent replay queues nothing new).
 */
export async function enqueueJob(
  trx: Tx,
  job: { orgKey: string; kind: string; payload: Record<string, unknown> },
): Promise<number> {
  const [row] = await insertJob(trx, { orgKey: job.orgKey, kind: job.kind, payload: JSON.stringify(job.payload), now: new Date().toISOString() });
  return row!.id;
}

// The queue's statements are compiled once (prepared-query.ts): every mail the intake takes
// in is queued, claimed and finished, a few dozen a second in a burst.
const insertJob = preparedQuery((db, v: { orgKey: string; kind: string; payload: string; now: string }) =>
  db
    .insertInto('jobs')
    .values({ org_key: v.orgKey, kind: v.kind, state: 'queued', payload: v.payload, result: null, error: null, created_at: v.now, updated_at: v.now })
    .returning('id'),
);

type RawJob = {
  id: number;
  org_key: string;
  kind: string;
  state: string;
  payload: string;
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  attempts: number | string;
};

export function toJobRow(raw: RawJob): JobRow {
  return {
    id: Number(raw.id),
    orgKey: raw.org_key,
    kind: raw.kind,
    state: raw.state as JobState,
    payload: JSON.parse(raw.payload) as Record<string, unknown>,
    result: raw.result === null ? null : (JSON.parse(raw.result) as unknown),
    error: raw.error,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    attempts: Number(raw.attempts),
  };
}

/**
 * Takes the oldest job that is due, exactly once however many processes poll one database:
 * a queued job past its backoff, or a running one whose lease ran out (its process died
 * between claim and finish). The claim counts an attempt and leases the job for JOB_LEASE_MS.
 * One statement: PostgreSQL locks the oldest due row, skipping rows another process is
 * claiming; SQLite runs the update, its subquery included, under its single writer's lock.
 */
export async function claimNextJob(db: Db): Promise<JobRow | null> {
  const now = new Date();
  const [claimed] = await claimOldestDue(db, { now: now.toISOString(), lease: new Date(now.getTime() + JOB_LEASE_MS).toISOString() });
  return claimed ? toJobRow(claimed) : null;
}

const claimOldestDue = preparedQuery((db, v: { now: string; lease: string }) => {
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', v.now)])]),
      eb.and([eb('state', '=', 'running'), eb('lease_until', '<', v.now)]),
    ]);
  const postgres = isPostgres(db);
  return db
    .updateTable('jobs')
    .set({ state: 'running', updated_at: v.now, lease_until: v.lease, attempts: sql<number>`attempts + 1` })
    .where('id', '=', (eb) => {
      const oldest = eb.selectFrom('jobs').select('id').where(due).orderBy('id').limit(1);
      return postgres ? oldest.forUpdate().skipLocked() : oldest;
    })
    .returningAll();
});

/**
 * Takes one queued job by id, leased like any claim (a caller that runs its own jobs, like
 * the demo seed); null when another process took it.
 */
export async function claimJob(db: Db, id: number): Promise<JobRow | null> {
  const now = Date.now();
  const claimed = await db
    .updateTable('jobs')
    .set({
      state: 'running',
      updated_at: new Date(now).toISOString(),
      lease_until: new Date(now + JOB_LEASE_MS).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  return claimed ? toJobRow(claimed) : null;
}

/** The claim still held: the job was not claimed again since (by another process, after this one's lease ran out). */
const heldClaim = (job: Pick<JobRow, 'id' | 'attempts'>) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([eb('id', '=', job.id), eb('attempts', '=', job.attempts), eb('state', '=', 'running')]);

/** The claiming process is alive and still at it: the lease runs JOB_LEASE_MS from now. False when the claim was lost. */
export async function renewLease(db: Db, job: Pick<JobRow, 'id' | 'attempts'>): Promise<boolean> {
  const renewed = await db
    .updateTable('jobs')
    .set({ lease_until: new Date(Date.now() + JOB_LEASE_MS).toISOString() })
    .where(heldClaim(job))
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/**
 * Ends a claimed job. Inside a handler's own transaction it commits together with the
 * job's effect, so a crash after that commit cannot run the job again. A claim that was
 * lost meanwhile changes nothing (answers false).
 */
export async function finishJob(
  db: Tx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  outcome: { state: 'done' | 'failed'; result: unknown; error: string | null },
): Promise<boolean> {
  const finished = await finishClaim(db, {
    id: job.id,
    attempts: job.attempts,
    state: outcome.state,
    result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
    error: outcome.error,
    now: new Date().toISOString(),
  });
  return finished.length === 1;
}

const finishClaim = preparedQuery((db, v: { id: number; attempts: number; state: string; result: string | null; error: string | null; now: string }) =>
  db
    .updateTable('jobs')
    .set({ state: v.state, result: v.result, error: v.error, lease_until: null, updated_at: v.now })
    .where(heldClaim(v))
    .returning('id'),
);

/** Queues a claimed job again, to be claimed no earlier than `delayMs` from now; `error` says why the attempt failed. */
export async function retryJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>, delayMs: number, error: string): Promise<void> {
  const now = Date.now();
  await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      error,
      lease_until: null,
      run_after: new Date(now + delayMs).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .where(heldClaim(job))
    .execute();
}

/** A job the server's stop cut short goes back to the queue at once; its attempt still counts. */
export async function requeueJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'queued', lease_until: null, updated_at: new Date().toISOString() })
    .where(heldClaim(job))
    .execute();
}

/**
 * Jobs an older release left running (claimed without a lease) are queued again once
 * stale; leased jobs come back when their lease runs out (claimNextJob).
 */
export async function requeueStale(db: Db, olderThanMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  await db
    .updateTable('jobs')
    .set({ state: 'queued', updated_at: new Date().toISOString() })
    .where('state', '=', 'running')
    .where('lease_until', 'is', null)
    .where('updated_at', '<', cutoff)
    .execute();
}

export async function findJob(db: Db, orgKey: string, id: number): Promise<JobRow | null> {
  const raw = await db.selectFrom('jobs').selectAll().where('org_key', '=', orgKey).where('id', '=', id).executeTakeFirst();
  return raw ? toJobRow(raw) : null;
}
