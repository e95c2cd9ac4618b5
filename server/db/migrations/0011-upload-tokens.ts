import type { Kysely } from 'kysely';

/** Upload URLs claimed so far: a signed upload URL works once (see server/routes/files.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_upload_tokens')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_upload_tokens').execute();
}
