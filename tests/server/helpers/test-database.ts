import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../../../server/db/database';

/**
 * The database a server test runs on: a fresh in-memory SQLite by default, or, with
 * PORTAL_TEST_DATABASE_URL set (a PostgreSQL server the tests may create databases
 * on), a fresh PostgreSQL database per test app, dropped again on close. The same
 * suite thus checks both drivers the product supports.
 */
export async function createTestDatabase(dataDir: string): Promise<{ db: Db; url: string | null; drop(): Promise<void> }> {
  const adminUrl = process.env.PORTAL_TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = createDatabase({ databaseUrl: null, dataDir, sqliteFile: ':memory:' });
    return { db, url: null, drop: () => db.destroy() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name}`);
      await again.end();
    },
  };
}
