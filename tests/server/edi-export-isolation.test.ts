import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobSchema } from '../../src/domain/schemas/jobs';
import { EDI_EXPORT_MAX_ATTEMPTS } from '../../server/edi/export-job';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { ACME, SUPPORT, WESTMERE, demoOrder, newKey } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A cXML receiver on loopback that holds every request until the test answers it. */
let server: Server;
let endpoint: string;
const waiting: Array<{ req: IncomingMessage; res: ServerResponse }> = [];
let arrived: (() => void) | null = null;
const nextRequest = () => new Promise<void>((resolve) => (arrived = resolve));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ediAllowNetworks: ['127.0.0.1'] });
  await seedOrders(t.db);
  server = createServer((req, res) => {
    req.resume();
    waiting.push({ req, res });
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/po?key=BUYER-SECRET-KEY`;
  const res = await t.as(SUPPORT, {
    method: 'POST',
    url: `/api/org/${WESTMERE}/edi-export`,
    payload: { docType: 'po', type: 'cXML', endpoint, user: 'edi-user', password: 'edi-pass-123' },
  });
  expect(res.statusCode).toBe(201);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const exportOrder = (orderId: number) =>
  t.as('supplier@acme.demo.test', { method: 'POST', url: `/api/seller/${ACME}/order/${orderId}/actions/export`, headers: { 'idempotency-key': newKey() } });

const cxmlStatus = (code: number, text: string, words = '') =>
  `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd"><cXML payloadID="p@partner" timestamp="2026-11-01T00:00:00+00:00"><Response><Status code="${code}" text="${text}">${words}</Status></Response></cXML>`;

const jobOf = async (jobId: number) => jobSchema.parse((await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/org/${ACME}/job/${jobId}` })).json());
const historyOf = async (orderId: number) =>
  (await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/seller/${ACME}/order/${orderId}/history` })).json() as Array<{ type: string; description: string }>;

/** Queues an order export and starts the runner on it; the receiver holds the delivery until the test answers. */
async function exportHeld() {
  const order = await demoOrder(t, { canExport: true });
  // Orders may be exported again, and these tests export the same one: counts are taken from here on.
  const exportedBefore = (await historyOf(order.id)).filter((e) => e.type === 'EXPORTED').length;
  const queued = await exportOrder(order.id);
  expect(queued.statusCode).toBe(202);
  const jobId = (queued.json() as { jobId: number }).jobId;
  const received = nextRequest();
  const run = t.app.jobRunner.runPending();
  await received;
  return { order, jobId, run, held: waiting.shift()!, exportedBefore };
}

describe('an EDI export to a receiver that does not answer', () => {
  it('holds no transaction and no request: another user reads and writes while the job waits, and the outcome lands in history', async () => {
    const events: string[] = [];
    const { order, jobId, run, held } = await exportHeld();
    const finished = run.then(() => events.push('export'));
    expect((await jobOf(jobId)).state).toBe('running');

    // A buyer (another organisation) reads and changes its own data while the export is held.
    const read = await t.as('buyer@northgate.demo.test', { method: 'GET', url: '/api/buyer/UNINORTHGATE/order' });
    events.push('read');
    expect(read.statusCode).toBe(200);
    const otherOrder = (read.json() as Array<{ id: number }>)[0]!;
    const write = await t.as('buyer@northgate.demo.test', {
      method: 'POST',
      url: `/api/buyer/UNINORTHGATE/order/${otherOrder.id}/actions/read`,
      headers: { 'idempotency-key': newKey() },
    });
    events.push('write');
    expect(write.statusCode).toBe(200);

    expect(held.req.headers.authorization).toBe(`Basic ${Buffer.from('edi-user:edi-pass-123').toString('base64')}`);
    held.res.end(cxmlStatus(200, 'OK'));
    await finished;
    expect(events).toEqual(['read', 'write', 'export']);
    expect(await jobOf(jobId)).toMatchObject({ state: 'done', result: { channel: 'cXML' } });

    const history = await historyOf(order.id);
    const entry = history.find((e) => e.type === 'EXPORTED')!;
    expect(entry.description).toMatch(/exported via cXML$/);
    expect(JSON.stringify(history)).not.toMatch(/127\.0\.0\.1|BUYER-SECRET-KEY|edi-pass/);
  });

  it("a partner that answers HTTP 200 with a cXML 4xx Status refused the document: the job fails with the partner's words in history", async () => {
    const { order, jobId, run, held, exportedBefore } = await exportHeld();
    held.res.end(cxmlStatus(406, 'Not Acceptable', 'Unknown supplier part ACM-104522 &amp; co'));
    await run;
    const job = await jobOf(jobId);
    expect(job.state).toBe('failed');
    expect(job.error).toBe('Order export failed: The cXML endpoint answered 406 Not Acceptable: Unknown supplier part ACM-104522 & co');
    const history = await historyOf(order.id);
    expect(history.filter((e) => e.type === 'EXPORTED')).toHaveLength(exportedBefore);
    expect(history).toContainEqual(
      expect.objectContaining({ type: 'EXPORT_FAILED', description: 'The cXML endpoint answered 406 Not Acceptable: Unknown supplier part ACM-104522 & co' }),
    );
  });

  it('an answer without a cXML Status is no delivery', async () => {
    const { jobId, run, held } = await exportHeld();
    held.res.end('<html>OK</html>');
    await run;
    expect(await jobOf(jobId)).toMatchObject({ state: 'failed', error: 'Order export failed: The cXML endpoint answered without a cXML Response Status' });
  });

  it('a 5xx is retried with backoff: the job waits queued, then delivers once; each failed attempt is in history, never the buyer address', async () => {
    const { order, jobId, run, held, exportedBefore } = await exportHeld();
    held.res.writeHead(500).end();
    await run;
    const waitingJob = await jobOf(jobId);
    expect(waitingJob).toMatchObject({ state: 'queued', error: 'The cXML endpoint answered HTTP 500' });
    // Not due yet: another pass of the runner leaves it alone.
    expect(await t.app.jobRunner.runPending()).toBe(0);
    expect(await historyOf(order.id)).toContainEqual(
      expect.objectContaining({ type: 'EXPORT_FAILED', description: `The cXML endpoint answered HTTP 500 (attempt 1 of ${EDI_EXPORT_MAX_ATTEMPTS}; it is tried again)` }),
    );

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 60 * 60_000);
      const received = nextRequest();
      const again = t.app.jobRunner.runPending();
      await received;
      const second = waiting.shift()!;
      second.res.end(cxmlStatus(200, 'OK'));
      await again;
    } finally {
      vi.useRealTimers();
    }
    expect(await jobOf(jobId)).toMatchObject({ state: 'done', error: null });
    const history = await historyOf(order.id);
    expect(history.filter((e) => e.type === 'EXPORTED')).toHaveLength(exportedBefore + 1);
    expect(JSON.stringify(history)).not.toMatch(/127\.0\.0\.1|BUYER-SECRET-KEY/);
  });

  it('does not follow a redirect', async () => {
    const { jobId, run, held } = await exportHeld();
    held.res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    await run;
    expect(await jobOf(jobId)).toMatchObject({ state: 'failed', error: 'Order export failed: The cXML endpoint answered HTTP 307' });
    expect(waiting).toHaveLength(0);
  });
});
