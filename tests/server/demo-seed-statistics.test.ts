import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/demo';
import { migrateToLatest } from '../../server/db/migrations';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/**
 * The demo seed leaves PostgreSQL with statistics of what it wrote: a server that starts
 * on a freshly seeded database plans its first minute's reads from them, not from the
 * guess that the tables are empty (server/db/demo/index.ts).
 */
describe.runIf(Boolean(process.env.PORTAL_TEST_DATABASE_URL))('the demo seed on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    database = await createTestDatabase(dataDir);
    await migrateToLatest(database.db);
    await seedDemo(database.db, { products: 5, dataDir });
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  it('analyses the tables it filled', async () => {
    const { rows } = await sql<{ relname: string; analysed: boolean }>`
      select relname, last_analyze is not null as analysed from pg_stat_user_tables
      where relname in ('products', 'product_meta', 'orders', 'change_log')`.execute(database.db);
    expect(rows.map((r) => [r.relname, r.analysed]).sort()).toEqual([
      ['change_log', true],
      ['orders', true],
      ['product_meta', true],
      ['products', true],
    ]);
  });
});
