import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../../../server/db/database';

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL URL of the database; null on SQLite. */
  url: string | null;
  drop(): Promise<void>;
}

/** The URL of another database on the same PostgreSQL server. */
export function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the PostgreSQL server the tests may create databases on (create, drop, list); its rows. */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(adminUrl: string, query: string, values: unknown[] = []): Promise<R[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<R>(query, values)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database for one test app (empty, or a copy of `template`), dropped
 * again by `drop`.
 */
export async function createPostgresTestDatabase(adminUrl: string, dataDir: string, template?: string): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(adminUrl, name);
  const db = createDatabase({ databaseUrl: url, dataDir });
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      await adminQuery(adminUrl, `drop database if exists ${name}`);
    },
  };
}

/**
 * The database a server test runs on: a fresh in-memory SQLite by default, or, with
 * PORTAL_TEST_DATABASE_URL set (a PostgreSQL server the tests may create databases
 * on), a fresh PostgreSQL database per test app, dropped again on close. The same
 * suite thus checks both drivers the product supports.
 */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  const adminUrl = process.env.PORTAL_TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = createDatabase({ databaseUrl: null, dataDir, sqliteFile: ':memory:' });
    return { db, url: null, drop: () => db.destroy() };
  }
  return createPostgresTestDatabase(adminUrl, dataDir);
}
