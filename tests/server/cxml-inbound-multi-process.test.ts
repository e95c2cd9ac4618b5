import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDatabase, type Db } from '../../server/db/database';
import { seedCxmlCredentials } from '../../server/db/demo/seed-cxml-credentials';
import { DEMO_CXML_SECRET } from '../../server/db/demo/orgs';
import { orderRequestXml } from './helpers/cxml-orders';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The same OrderRequest posted to two app instances (each its own connection pool, as two
 * processes behind a load balancer) on one PostgreSQL database at once creates one order,
 * and both answer the same. Runs when the suite runs on PostgreSQL (PORTAL_TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.PORTAL_TEST_DATABASE_URL);

let a: TestApp;
let b: FastifyInstance;
let dbB: Db;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  await seedCxmlCredentials(a.db);
  dbB = createDatabase({ databaseUrl: a.databaseUrl, dataDir: a.config.dataDir });
  b = await buildApp({ config: { ...a.config, dataDir: mkdtempSync(join(tmpdir(), 'portal-test-b-')) }, db: dbB });
});
afterAll(async () => {
  if (!onPostgres) return;
  await b?.close();
  await dbB?.destroy();
  await a?.close();
});

const post = (app: FastifyInstance, payload: string) => app.inject({ method: 'POST', url: '/cxml', headers: { 'content-type': 'text/xml' }, payload });

describe.skipIf(!onPostgres)('cXML in on two server processes sharing PostgreSQL', () => {
  it('applies one OrderRequest posted to both at once once, and both answer the same', async () => {
    for (let round = 1; round <= 3; round++) {
      const orderId = `PO-MP-${round}`;
      const doc = orderRequestXml({ payloadId: `multi-${round}-${Date.now()}@tests`, orderId, secret: DEMO_CXML_SECRET });
      const answers = await Promise.all([post(a.app, doc), post(b, doc), post(a.app, doc), post(b, doc)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      const rows = await a.db.selectFrom('orders').select('id').where('order_no', '=', orderId).execute();
      expect(rows).toHaveLength(1);
      const lines = await a.db.selectFrom('order_lines').select('id').where('order_id', '=', rows[0]!.id).execute();
      expect(lines).toHaveLength(3);
      const changes = await a.db.selectFrom('change_log').select('rev').where('entity', '=', 'order').where('entity_key', '=', String(rows[0]!.id)).execute();
      // One change, in the supplier's and the buyer's feed.
      expect(changes).toHaveLength(2);
    }
    // Each round reads four documents in the sandbox and applies one: slow on a busy machine, so not held to the default 30 s.
  }, 120_000);
});
