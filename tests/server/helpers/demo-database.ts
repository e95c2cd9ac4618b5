import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../../server/db/database';
import { seedAccounts } from '../../../server/db/demo/seed-accounts';
import { seedInvoices } from '../../../server/db/demo/seed-invoices';
import { seedOrders } from '../../../server/db/demo/seed-orders';
import { seedOrgsAndUsers } from '../../../server/db/demo/seed-orgs';
import { migrateToLatest } from '../../../server/db/migrations';
import { adminQuery, createPostgresTestDatabase, withDatabase, type TestDatabase } from './test-database';

/** The prefix of the PostgreSQL template databases the demo data is copied from; global-setup.ts drops them at the end. */
export const DEMO_TEMPLATE_PREFIX = 'portal_demo_template_';

interface DemoSnapshot {
  /** The data folder the seed wrote its files (mails, PDFs) into. */
  dataDir: string;
  /** SQLite: the seeded database, written out whole. */
  sqliteFile: string | null;
  /** PostgreSQL: the seeded database, kept as a template. */
  template: string | null;
}

let snapshot: Promise<DemoSnapshot> | null = null;

/**
 * The whole demo seed (organisations, orders, accounts, and the invoices through the intake)
 * takes 20 to 60 s on a busy machine. It runs once per test worker (the server files share
 * their modules, vitest.config.ts), and every file that needs it starts from a copy: of
 * SQLite's database file, or of a PostgreSQL template database.
 */
async function seededOnce(): Promise<DemoSnapshot> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-'));
  const adminUrl = process.env.PORTAL_TEST_DATABASE_URL;
  const template = adminUrl ? `${DEMO_TEMPLATE_PREFIX}${randomBytes(6).toString('hex')}` : null;
  if (adminUrl && template) await adminQuery(adminUrl, `create database ${template}`);
  const db = template ? createDatabase({ databaseUrl: withDatabase(adminUrl!, template), dataDir }) : createDatabase({ databaseUrl: null, dataDir, sqliteFile: ':memory:' });
  try {
    await migrateToLatest(db);
    await seedOrgsAndUsers(db);
    await seedOrders(db);
    await seedAccounts(db);
    await seedInvoices(db, { dataDir });
    if (template) return { dataDir, sqliteFile: null, template };
    const sqliteFile = join(mkdtempSync(join(tmpdir(), 'portal-demo-db-')), 'portal.sqlite');
    await sql`vacuum into ${sqliteFile}`.execute(db);
    return { dataDir, sqliteFile, template: null };
  } finally {
    // A template must have no connection left when it is copied.
    await db.destroy();
  }
}

/**
 * A fresh database holding the whole demo data, its files copied into `dataDir`: what
 * `npm start` seeds, for tests that read across it. Dropped again by `drop`.
 */
export async function createDemoDatabase(dataDir: string): Promise<TestDatabase> {
  snapshot ??= seededOnce();
  const seeded = await snapshot;
  cpSync(seeded.dataDir, dataDir, { recursive: true });
  const adminUrl = process.env.PORTAL_TEST_DATABASE_URL;
  if (adminUrl && seeded.template) return createPostgresTestDatabase(adminUrl, dataDir, seeded.template);
  const sqliteFile = join(dataDir, 'portal.sqlite');
  cpSync(seeded.sqliteFile!, sqliteFile);
  const db = createDatabase({ databaseUrl: null, dataDir, sqliteFile });
  return { db, url: null, drop: () => db.destroy() };
}
