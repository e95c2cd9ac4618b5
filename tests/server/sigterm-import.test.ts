import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { seedOrgsAndUsers } from '../../server/db/demo/seed-orgs';
import { migrateToLatest } from '../../server/db/migrations';
import { blobStoreFor } from '../../server/files/blob-stores';
import { PRICE_FILE_COLUMNS } from '../../server/jobs/catalogue/price-file-import';
import { writeXlsx } from '../../server/jobs/catalogue/spreadsheet';
import { JOB_KINDS } from '../../server/jobs/kinds';
import { enqueueJob, findJob } from '../../server/jobs/queue';
import { createTestDatabase } from './helpers/test-database';

const SELLER = 'SUPACMESCI01';
const repo = join(import.meta.dirname, '../..');

let cleanup: (() => Promise<void>) | null = null;
afterAll(async () => cleanup?.());

/** A database in a data folder a real server process can open too (a file on SQLite). */
async function sharedDatabase(dataDir: string): Promise<{ db: Db; url: string | null; drop(): Promise<void> }> {
  if (process.env.PORTAL_TEST_DATABASE_URL) return createTestDatabase(dataDir);
  const db = createDatabase({ databaseUrl: null, dataDir });
  return { db, url: null, drop: () => db.destroy() };
}

describe('the server process', () => {
  it('stops on SIGTERM while it imports a 12,000-row price file, and the job waits in the queue for the next start', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-sigterm-'));
    const { db, url, drop } = await sharedDatabase(dataDir);
    cleanup = drop;
    await migrateToLatest(db);
    await seedOrgsAndUsers(db);
    const columns = [...PRICE_FILE_COLUMNS, 'currency'].map((header) => ({ header, kind: 'text' as const }));
    const rows = Array.from({ length: 12_000 }, (_, i) => [`P${i % 100}`, 'EA', '2026-12-01', Math.floor(i / 100) * 10 + 1, '', 5, 'AUD']);
    const blobKey = `uploads/${SELLER}/prices.xlsx`;
    await blobStoreFor({ dataDir }).put(blobKey, await writeXlsx('Prices', columns, rows), 'application/octet-stream');
    const id = await db.transaction().execute((trx) => enqueueJob(trx, { orgKey: SELLER, kind: JOB_KINDS.priceFileImport, payload: { blobKey, user: 'Test' } }));

    const env: NodeJS.ProcessEnv = { ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '0', PORT: '0', HOST: '127.0.0.1', PORTAL_LOG: '0', PORTAL_SECRET: 'sigterm-test' };
    if (url) env.DATABASE_URL = url;
    else delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      while ((await findJob(db, SELLER, id))?.state !== 'running') {
        if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it started the import`);
        await new Promise((r) => setTimeout(r, 20));
      }
      server.kill('SIGTERM');
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    const job = await findJob(db, SELLER, id);
    expect(job?.state).toBe('queued');
    expect(job?.attempts).toBe(1);
  });
});
