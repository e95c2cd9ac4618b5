import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('altcha_used')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('altcha_used_expiry').on('altcha_used').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await withId(db, db.schema.createTable('recovery_codes'), 'id')
    .addColumn('user_no', 'integer', (c) => c.notNull().references('users.user_no').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Password changes and resets end every session of the user.
  await db.schema.createIndex('sessions_user').on('sessions').column('user_no').execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_no', 'used']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_user').execute();
  for (const t of ['recovery_codes', 'login_failures', 'altcha_used']) await db.schema.dropTable(t).execute();
}
