import { sql, type Kysely } from 'kysely';

/**
 * Jobs are retried with backoff and survive a dead worker: `attempts` (0020) counts claims,
 * `run_after` holds a retried job back until its backoff has passed, and `lease_until`
 * is how long the claiming process vouches for a running job (it renews the lease while
 * the job runs); a running job whose lease ran out belonged to a dead process and is
 * claimed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('run_after', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('lease_until', 'text').execute();
  // The runner looks for running jobs whose lease ran out beside the queued ones.
  await db.schema.createIndex('jobs_running_lease').on('jobs').column('lease_until').where(sql.ref('state'), '=', 'running').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_running_lease').execute();
  await db.schema.alterTable('jobs').dropColumn('lease_until').execute();
  await db.schema.alterTable('jobs').dropColumn('run_after').execute();
}
