import { sql, type Kysely } from 'kysely';
import { withId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('orgs'), 'org_no')
    .addColumn('unique_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('trading_name', 'text')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('country_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('address2', 'text')
    .addColumn('state', 'text')
    .addColumn('post_code', 'text')
    .addColumn('email', 'text')
    .addColumn('industry_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('membership_status', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('busy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orgs_name').on('orgs').column('name').execute();

  await withId(db, db.schema.createTable('users'), 'user_no')
    .addColumn('org_no', 'integer', (c) => c.notNull().references('orgs.org_no').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('REGULAR'))
    .addColumn('password_hash', 'text')
    .addColumn('policy_state', 'text', (c) => c.notNull().defaultTo('TERMS_OF_USE'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_org').on('users').column('org_no').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_no', 'integer', (c) => c.notNull().references('users.user_no').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rev_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into rev_counter (id, value) values (1, 0)`.execute(db);

  await db.schema
    .createTable('change_log')
    .addColumn('rev', 'bigint', (c) => c.notNull())
    .addColumn('scope_kind', 'text', (c) => c.notNull())
    .addColumn('org_key', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_log_scope').on('change_log').columns(['scope_kind', 'org_key', 'rev']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_no', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('history'), 'id')
    .addColumn('org_key', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('user', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('history_entity').on('history').columns(['entity', 'entity_key', 'type']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['history', 'idempotency_keys', 'change_log', 'rev_counter', 'sessions', 'users', 'orgs']) {
    await db.schema.dropTable(t).execute();
  }
}
