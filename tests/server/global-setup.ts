import { DEMO_TEMPLATE_PREFIX } from './helpers/demo-database';
import { adminQuery } from './helpers/test-database';

/**
 * After the server tests on PostgreSQL: the demo data's template databases
 * (helpers/demo-database.ts) are dropped, as the test apps' own databases are by each file.
 */
export async function teardown(): Promise<void> {
  const adminUrl = process.env.PORTAL_TEST_DATABASE_URL;
  if (!adminUrl) return;
  const templates = await adminQuery<{ datname: string }>(adminUrl, 'select datname from pg_database where datname like $1', [`${DEMO_TEMPLATE_PREFIX}%`]);
  for (const { datname } of templates) await adminQuery(adminUrl, `drop database if exists ${datname}`);
}
