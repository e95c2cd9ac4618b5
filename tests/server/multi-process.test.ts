import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PUSH_PATH, outboxPushAnswerSchema, type OutboxPush } from '../../src/domain/schemas/sync';
import { buildApp } from '../../server/app';
import { recentCount, signInKey } from '../../server/auth/throttle';
import { createDatabase, type Db } from '../../server/db/database';
import { seedCatalogue } from '../../server/db/demo/seed-catalogue';
import { startS3, type TestS3 } from './helpers/s3-server';
import { createTestApp, type TestApp } from './helpers/test-app';
import { captchaFor, FAST_AUTH, loginForm } from './helpers/captcha';

/**
 * Past one machine the portal runs as several stateless processes on one PostgreSQL
 * database and one S3 bucket. Two app instances, each with its own connection pool and
 * data folder, stand for two processes here. SQLite has one writer in one process, so
 * this runs when the suite runs on PostgreSQL (PORTAL_TEST_DATABASE_URL; .ci/run does).
 */
const onPostgres = Boolean(process.env.PORTAL_TEST_DATABASE_URL);

const ACME = 'SUPACMESCI01';
const SUPPLIER = 'supplier@acme.demo.test';

let s3: TestS3;
let a: TestApp;
let b: FastifyInstance;
let dbB: Db;

beforeAll(async () => {
  if (!onPostgres) return;
  s3 = await startS3(['shared-files']);
  a = await createTestApp({ s3: s3.config('shared-files'), auth: FAST_AUTH });
  await seedCatalogue(a.db, { products: 3 });
  dbB = createDatabase({ databaseUrl: a.databaseUrl, dataDir: a.config.dataDir });
  b = await buildApp({ config: { ...a.config, dataDir: mkdtempSync(join(tmpdir(), 'portal-test-b-')) }, db: dbB });
});
afterAll(async () => {
  if (!onPostgres) return;
  await b?.close();
  await dbB?.destroy();
  await a?.close();
  await s3?.close();
});

/** `inject` into either process as a user (the session cookie is made once, in the shared database). */
async function as(app: FastifyInstance, user: string, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: await a.cookieFor(user) } });
}

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  it('a session made through one is honoured by the other, and signing out on one ends it on both', async () => {
    const cookie = await a.cookieFor('admin@biolab.demo.test');
    const profile = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect((await profile(a.app)).statusCode).toBe(200);
    expect((await profile(b)).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/servlet?M=2', headers: { cookie } })).statusCode).toBe(200);
    expect((await profile(a.app)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(401);
  });

  it('the sign-in throttle counts failures from both processes at once', async () => {
    const user = 'buyer@northgate.demo.test';
    const attempt = async (app: FastifyInstance, password: string) => {
      const form = loginForm({ M: '1', username: user, password, captcha: await captchaFor(app) });
      return app.inject({ method: 'POST', url: '/servlet', remoteAddress: '10.9.0.1', payload: form.payload, headers: form.headers });
    };
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(i % 2 ? b : a.app, 'wrong')));
    expect(failures.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    // Ten failures of the pair, whichever process counted them.
    expect(await recentCount(a.db, signInKey(user, '10.9.0.1'))).toBe(10);
  });

  it('the same outbox batch sent to both at once is applied once, each answer the same, one revision per change', async () => {
    const created = await as(a.app, SUPPLIER, { method: 'POST', url: `/api/org/${ACME}/property`, payload: { property: 'TWIN_COUNTER', value: '0' } });
    expect(created.statusCode).toBe(201);
    const no = (created.json() as { orgPropertyNo: number }).orgPropertyNo;
    const entries: OutboxPush['entries'] = [
      ...['1', '2', '3', '4', '5'].map((value) => ({
        id: crypto.randomUUID(),
        method: 'PUT' as const,
        path: `/api/org/${ACME}/property/${no}`,
        body: { property: 'TWIN_COUNTER', value },
      })),
      { id: crypto.randomUUID(), method: 'POST', path: `/api/org/${ACME}/property`, body: { property: 'TWIN_NEW', value: 'x' } },
    ];
    const push = (app: FastifyInstance) => as(app, SUPPLIER, { method: 'POST', url: OUTBOX_PUSH_PATH, payload: { entries } });
    const [fromA, fromB] = await Promise.all([push(a.app), push(b)]);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    const answerA = outboxPushAnswerSchema.parse(fromA.json());
    const answerB = outboxPushAnswerSchema.parse(fromB.json());
    expect(answerA.results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 201]);
    expect(answerB.results).toEqual(answerA.results);

    const value = await a.db.selectFrom('properties').select('value').where('org_property_no', '=', no).executeTakeFirstOrThrow();
    expect(value.value).toBe('5');
    const updates = await a.db.selectFrom('history').select('id').where('entity', '=', 'orgProperty').where('entity_key', '=', String(no)).where('type', '=', 'UPDATED').execute();
    expect(updates).toHaveLength(5);
    const news = await a.db.selectFrom('properties as p').innerJoin('orgs as o', 'o.org_no', 'p.org_no').select('p.org_property_no').where('o.unique_key', '=', ACME).where('p.property', '=', 'TWIN_NEW').execute();
    expect(news).toHaveLength(1);
    // Each applied change took its own revision from the one counter: 1 create + 5 updates + 1 create.
    const revs = await a.db
      .selectFrom('change_log')
      .select('rev')
      .where('entity', '=', 'orgProperty')
      .where('entity_key', 'in', [String(no), String(news[0]!.org_property_no)])
      .execute();
    expect(new Set(revs.map((r) => Number(r.rev))).size).toBe(7);
  });

  it('jobs enqueued through both run exactly once, reading their upload from the shared bucket', async () => {
    const csv = 'productCode,uom,startDate,lowerQuantity,upperQuantity,price\nACM-100000,EA,2026-01-01,1,,3.5\n';
    const upload = async (app: FastifyInstance) => {
      const { uploadUrl } = (await as(app, SUPPLIER, { method: 'POST', url: `/api/seller/${ACME}/ppo/action/upload-url` })).json() as { uploadUrl: string };
      const res = await app.inject({ method: 'PUT', url: uploadUrl, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(csv) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { jobId: number }).jobId;
    };
    const jobIds = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(i % 2 ? b : a.app)));
    expect(new Set(jobIds).size).toBe(12);

    // Both processes' runners drain the one queue at the same time (their pollers too).
    while (true) {
      await Promise.all([a.app.jobRunner.runPending(), b.jobRunner.runPending()]);
      const open = await a.db.selectFrom('jobs').select('id').where('id', 'in', jobIds).where('state', 'in', ['queued', 'running']).execute();
      if (open.length === 0) break;
    }
    const jobs = await a.db.selectFrom('jobs').select(['id', 'state', 'error']).where('id', 'in', jobIds).execute();
    expect(jobs.map((j) => [j.state, j.error])).toEqual(Array(12).fill(['done', null]));
    // Each import writes one history entry when it runs: twelve jobs, twelve entries.
    const imports = await a.db.selectFrom('history').select('id').where('org_key', '=', ACME).where('type', '=', 'PRICE_FILE_IMPORTED').execute();
    expect(imports).toHaveLength(12);
  });

  it("a supplier's UOM mapping saved through one shows in the other's buyer product page and fill chunk at once", async () => {
    const page = `/api/buyer/UNIWESTMERE1/seller/${ACME}/product?limit=1`;
    const chunk = `/api/buyer/UNIWESTMERE1/seller/${ACME}/products/fill/chunk`;
    const mappingOf = async (url: string) => {
      const res = await as(a.app, 'buyer@uni.demo.test', { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data?: Array<{ uomMapping: unknown }>; uomMapping?: unknown };
      return body.data ? body.data[0]!.uomMapping : body.uomMapping;
    };
    for (const mapping of [{ EA: 'EACH-1' }, { EA: 'EACH-2' }]) {
      // Read twice first, so the settings are remembered under the revision the session's read saw.
      for (const url of [page, page, chunk, chunk]) await mappingOf(url);
      expect((await as(b, SUPPLIER, { method: 'PUT', url: `/api/seller/${ACME}/uom`, payload: mapping })).statusCode).toBe(200);
      expect(await mappingOf(page)).toEqual(mapping);
      expect(await mappingOf(chunk)).toEqual(mapping);
    }
  });

  it("a supplier deleted through one is gone from the other's buyer reads at once", async () => {
    const page = `/api/buyer/UNIWESTMERE1/seller/SUPBIOLAB001/product?limit=5`;
    const plan = `/api/buyer/UNIWESTMERE1/seller/SUPBIOLAB001/products/fill`;
    // Read twice on one process, so its supplier is remembered under the revision its sessions' reads saw.
    for (const url of [page, page, plan, plan]) expect((await as(a.app, 'buyer@uni.demo.test', { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(b, 'support@demo.test', { method: 'DELETE', url: '/api/org/SUPBIOLAB001' })).statusCode).toBe(200);
    for (const url of [page, plan]) expect((await as(a.app, 'buyer@uni.demo.test', { method: 'GET', url })).statusCode).toBe(404);
  });
});
