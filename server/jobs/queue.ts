import { isPostgres, type Db } from '../db/database';
import type { Tx } from '../sync/change-log';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

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
  /** Times the runner started it, this start included. */
  attempts: number;
}

/**
 * Queues a job inside the caller's transaction, so the job exists exactly when the
 * change that asked for it committed (and an idempotent replay queues nothing new).
 */
export async function enqueueJob(
  trx: Tx,
  job: { orgKey: string; kind: string; payload: Record<string, unknown> },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('jobs')
    .values({
      org_key: job.orgKey,
      kind: job.kind,
      state: 'queued',
      payload: JSON.stringify(job.payload),
      result: null,
      error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

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
  attempts?: number;
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
    attempts: Number(raw.attempts ?? 0),
  };
}

/**
 * Takes the oldest queued job, exactly once however many processes poll one database.
 * PostgreSQL: one statement locks the oldest queued row, skipping rows another process
 * is claiming, and marks it running. SQLite: the conditional update lets only one claimer
 * move it to running (SQLite has a single writer anyway).
 */
export async function claimNextJob(db: Db): Promise<JobRow | null> {
  const now = new Date().toISOString();
  if (isPostgres(db)) {
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', updated_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb.selectFrom('jobs').select('id').where('state', '=', 'queued').orderBy('id').limit(1).forUpdate().skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    return claimed ? toJobRow(claimed) : null;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await db.selectFrom('jobs').selectAll().where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const claimed = await db
      .updateTable('jobs')
      .set({ state: 'running', updated_at: now, attempts: next.attempts + 1 })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return toJobRow({ ...next, state: 'running', updated_at: now, attempts: next.attempts + 1 });
  }
  return null;
}

/** Takes one queued job by id (a caller that runs its own jobs, like the demo seed); false when another took it. */
export async function claimJob(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .updateTable('jobs')
    .set({ state: 'running', updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function finishJob(
  db: Db,
  id: number,
  outcome: { state: 'done' | 'failed'; result: unknown; error: string | null },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      error: outcome.error,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** A job the server's stop cut short goes back to the queue; its attempt still counts. */
export async function requeueJob(db: Db, id: number): Promise<void> {
  await db.updateTable('jobs').set({ state: 'queued', updated_at: new Date().toISOString() }).where('id', '=', id).where('state', '=', 'running').execute();
}

/**
 * Jobs a dead process left running are queued again. Only stale ones: under
 * PostgreSQL another live process may be running a fresh one. The runner fails a job
 * that comes back too often instead of starting it (JOB_MAX_ATTEMPTS).
 */
export async function requeueStale(db: Db, olderThanMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  await db
    .updateTable('jobs')
    .set({ state: 'queued', updated_at: new Date().toISOString() })
    .where('state', '=', 'running')
    .where('updated_at', '<', cutoff)
    .execute();
}

export async function findJob(db: Db, orgKey: string, id: number): Promise<JobRow | null> {
  const raw = await db.selectFrom('jobs').selectAll().where('org_key', '=', orgKey).where('id', '=', id).executeTakeFirst();
  return raw ? toJobRow(raw) : null;
}
