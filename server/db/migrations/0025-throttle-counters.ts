import type { Kysely } from 'kysely';

/**
 * Sign-in failures no longer lock a username or an address out (issue 33): the counters
 * only slow a username+address pair down, so the lock column goes, and the counts of
 * the old keys (`user:`, `addr:`) with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').dropColumn('locked_until').execute();
  await (db as Kysely<{ login_failures: { key: string } }>).deleteFrom('login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('locked_until', 'text').execute();
}
