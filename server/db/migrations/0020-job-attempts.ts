import type { Kysely } from 'kysely';

/** How many times each job was started: one that every start cut short is failed, not queued again forever. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('attempts').execute();
}
