import { sql, type Kysely } from 'kysely';

/**
 * The live product codes (0018) and the running jobs' leases (0030) were indexed by
 * partial indexes, and the queries compare `deleted` and `state` with bound values. SQLite
 * then re-prepares such a statement on every run, because a bound value decides whether
 * the partial index applies (about a third of the catalogue check of a cXML order's
 * product codes), and PostgreSQL's generic plan of a named statement cannot use it. The
 * same columns indexed whole serve every such query, from the index alone as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_seller_live_code').execute();
  await db.schema.createIndex('products_seller_deleted_code').on('products').columns(['seller_key', 'deleted', 'product_code']).execute();
  await db.schema.dropIndex('jobs_running_lease').execute();
  await db.schema.createIndex('jobs_state_lease').on('jobs').columns(['state', 'lease_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_state_lease').execute();
  await db.schema.createIndex('jobs_running_lease').on('jobs').column('lease_until').where(sql.ref('state'), '=', 'running').execute();
  await db.schema.dropIndex('products_seller_deleted_code').execute();
  await db.schema.createIndex('products_seller_live_code').on('products').columns(['seller_key', 'product_code']).where(sql.ref('deleted'), '=', 0).execute();
}
