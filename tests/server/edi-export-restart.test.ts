import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { seedOrgsAndUsers } from '../../server/db/demo/seed-orgs';
import { migrateToLatest } from '../../server/db/migrations';
import { queueEdiExport } from '../../server/edi/export-job';
import { JOB_LEASE_MS } from '../../server/jobs/queue';
import { createTestDatabase } from './helpers/test-database';

/**
 * A worker process dies between claiming an export job and the partner's answer. After a
 * restart the export completes, once: the ASN is exported, one EXPORTED entry, the job done,
 * and the partner got the same document (same payloadID) each time it was sent.
 */
const ACME = 'SUPACMESCI01';
const WESTMERE = 'UNIWESTMERE1';

const received: Array<{ req: IncomingMessage; res: ServerResponse; body: string }> = [];
let arrived: (() => void) | null = null;
const nextRequest = () => new Promise<void>((resolve) => (arrived = resolve));
let partner: Server;
let dataDir: string;
let databaseUrl: string | null;
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  partner = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ req, res, body });
      arrived?.();
    });
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
  // Two processes share the database: a file for SQLite, the suite's PostgreSQL otherwise.
  if (process.env.PORTAL_TEST_DATABASE_URL) {
    const made = await createTestDatabase(dataDir);
    ({ db, drop } = made);
    databaseUrl = made.url;
  } else {
    db = createDatabase({ databaseUrl: null, dataDir });
    drop = () => db.destroy();
    databaseUrl = null;
  }
  await migrateToLatest(db);
  await seedOrgsAndUsers(db);
  await seedOrders(db);
  const westmere = await db.selectFrom('orgs').select('org_no').where('unique_key', '=', WESTMERE).executeTakeFirstOrThrow();
  await db
    .insertInto('edi_export_settings')
    .values({
      org_no: westmere.org_no,
      doc_type: 'asn',
      order_format: 0,
      type: 'cXML',
      ftp_server: null,
      ftp_dir: null,
      ftp_user: null,
      password: null,
      endpoint: `http://127.0.0.1:${(partner.address() as AddressInfo).port}/asn`,
      rev: 0,
      deleted: 0,
    })
    .execute();
});

afterAll(async () => {
  partner.closeAllConnections();
  await new Promise<void>((resolve) => partner.close(() => resolve()));
  await drop();
});

function startWorker(): ChildProcess {
  return fork(join(import.meta.dirname, 'helpers', 'job-worker-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_SECRET: 'test-secret', PORTAL_DEMO: '0', DATABASE_URL: databaseUrl ?? '' },
    stdio: 'ignore',
  });
}

const ok = '<?xml version="1.0"?><cXML payloadID="a@partner" timestamp="2026-11-01T00:00:00+00:00"><Response><Status code="200" text="OK"/></Response></cXML>';
const payloadIdOf = (xml: string) => /<cXML payloadID="([^"]+)"/.exec(xml)?.[1];

describe('an export whose worker is killed between claim and delivery', () => {
  it('completes once after a restart', async () => {
    const asn = await db
      .selectFrom('asns')
      .select(['id', 'shipment_id'])
      .where('seller_key', '=', ACME)
      .where('buyer_key', '=', WESTMERE)
      .where('exported', '=', 0)
      .where('waiting_for_action', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const jobId = await db.transaction().execute((trx) => queueEdiExport(trx, { target: 'asn', orgKey: ACME, id: asn.id, user: 'Simon Supplier' }));

    // The worker claims the job and sends the document; it dies before the partner answers.
    const first = nextRequest();
    const worker = startWorker();
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await first;
    worker.kill('SIGKILL');
    await exited;
    received[0]!.res.destroy();

    const claimed = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(claimed).toMatchObject({ state: 'running', attempts: 1 });
    const stillOpen = await db.selectFrom('asns').select(['exported', 'waiting_for_action']).where('id', '=', asn.id).executeTakeFirstOrThrow();
    expect(stillOpen).toEqual({ exported: 0, waiting_for_action: 1 });

    // The restarted server finds the job once the dead worker's lease has run out.
    const config = loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_SECRET: 'test-secret' }, { distDir: null, ediAllowNetworks: ['127.0.0.1'] });
    const app = await buildApp({ config, db });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + JOB_LEASE_MS + 1000);
      const second = nextRequest();
      const run = app.jobRunner.runPending();
      await second;
      received[1]!.res.end(ok);
      await run;
      // Nothing is left to send.
      expect(await app.jobRunner.runPending()).toBe(0);
    } finally {
      vi.useRealTimers();
      await app.close();
    }

    expect(received).toHaveLength(2);
    expect(payloadIdOf(received[1]!.body)).toBe(payloadIdOf(received[0]!.body));
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2, error: null });
    expect(JSON.parse(job.result!)).toMatchObject({ channel: 'cXML', payloadId: payloadIdOf(received[0]!.body) });
    const done = await db.selectFrom('asns').select(['exported', 'waiting_for_action']).where('id', '=', asn.id).executeTakeFirstOrThrow();
    expect(done).toEqual({ exported: 1, waiting_for_action: 0 });
    const history = await db.selectFrom('history').select(['type', 'description']).where('entity', '=', 'asn').where('entity_key', '=', String(asn.id)).execute();
    expect(history.filter((h) => h.type === 'EXPORTED')).toEqual([{ type: 'EXPORTED', description: `ASN ${asn.shipment_id} exported via cXML` }]);
  }, 60_000);
});
