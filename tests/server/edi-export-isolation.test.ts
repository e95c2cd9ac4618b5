import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('an EDI export to a receiver that does not answer', () => {
  it('holds no transaction: another user reads and writes while the export waits, and the outcome lands in history', async () => {
    const order = await demoOrder(t, { canExport: true });
    const events: string[] = [];
    const received = nextRequest();
    const exported = exportOrder(order.id).then((res) => {
      events.push('export');
      return res;
    });
    await received;

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

    const held = waiting.shift()!;
    expect(held.req.headers.authorization).toBe(`Basic ${Buffer.from('edi-user:edi-pass-123').toString('base64')}`);
    held.res.end('<cXML/>');
    const res = await exported;
    expect(res.statusCode).toBe(200);
    expect(events).toEqual(['read', 'write', 'export']);

    const history = (await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/seller/${ACME}/order/${order.id}/history` })).json() as Array<{
      type: string;
      description: string;
    }>;
    const entry = history.find((e) => e.type === 'EXPORTED')!;
    expect(entry.description).toMatch(/exported via cXML$/);
    expect(JSON.stringify(history)).not.toMatch(/127\.0\.0\.1|BUYER-SECRET-KEY|edi-pass/);
  });

  it('a failed delivery answers 422 and records EXPORT_FAILED naming the channel, never the buyer address', async () => {
    const order = await demoOrder(t, { canExport: true });
    const received = nextRequest();
    const exported = exportOrder(order.id);
    await received;
    waiting.shift()!.res.writeHead(500).end();
    const res = await exported;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Order export failed: The cXML endpoint answered HTTP 500']);
    const history = (await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/seller/${ACME}/order/${order.id}/history` })).json();
    expect(history).toContainEqual(expect.objectContaining({ type: 'EXPORT_FAILED', description: 'The cXML endpoint answered HTTP 500' }));
    expect(JSON.stringify(history)).not.toMatch(/127\.0\.0\.1|BUYER-SECRET-KEY/);
  });

  it('does not follow a redirect', async () => {
    const order = await demoOrder(t, { canExport: true });
    const received = nextRequest();
    const exported = exportOrder(order.id);
    await received;
    waiting.shift()!.res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    const res = await exported;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Order export failed: The cXML endpoint answered HTTP 307']);
    expect(waiting).toHaveLength(0);
  });
});
