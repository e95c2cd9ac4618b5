import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../../../server/auth/session';
import { loadConfig, type ServerConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrations';
import { seedOrgsAndUsers } from '../../../server/db/demo/seed-orgs';
import { createDemoDatabase } from './demo-database';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** The PostgreSQL URL of the test database (for a second app on it); null on SQLite. */
  databaseUrl: string | null;
  /** A session cookie for a demo user, made directly in the database (no human check needed). */
  cookieFor(username: string): Promise<string>;
  /** `inject` as that user. */
  as(username: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh database (see test-database.ts) with the demo organisations and users, and the
 * app on top; with `demo`, the whole demo data instead (demo-database.ts), as `npm start` seeds it.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}, { demo = false } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_SECRET: 'test-secret' }, { distDir: null, ...overrides });
  const { db, url, drop } = demo ? await createDemoDatabase(dataDir) : await createTestDatabase(dataDir);
  if (!demo) {
    await migrateToLatest(db);
    await seedOrgsAndUsers(db);
  }
  const app = await buildApp({ config, db });
  const cookies = new Map<string, string>();

  async function cookieFor(username: string): Promise<string> {
    const cached = cookies.get(username);
    if (cached) return cached;
    const user = await db.selectFrom('users').select('user_no').where('username', '=', username).executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_no: user.user_no,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
        last_seen_at: now.toISOString(),
      })
      .execute();
    const cookie = `${SESSION_COOKIE}=${token}`;
    cookies.set(username, cookie);
    return cookie;
  }

  return {
    app,
    db,
    config,
    databaseUrl: url,
    cookieFor,
    async as(username, opts) {
      const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
      if (username) headers.cookie = await cookieFor(username);
      return app.inject({ ...opts, headers });
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}
