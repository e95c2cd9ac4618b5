import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const WESTMERE = 'UNIWESTMERE1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
});
afterAll(async () => {
  await t.close();
});

/** No HTTP cache may keep a private answer: the next user of the browser would be served it without the server being asked. */
describe('private answers are never kept by an HTTP cache', () => {
  it('an invoice PDF is no-store, for its owner and in the 403 another user gets', async () => {
    const invoice = await t.db.selectFrom('invoices').select('oiid').where('buyer_key', '=', WESTMERE).where('pdf_key', 'is not', null).executeTakeFirstOrThrow();
    const url = `/api/buyer/${WESTMERE}/invoice/${invoice.oiid}/pdf`;
    const own = await t.as(BUYER, { method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('no-store');
    const other = await t.as(SUPPLIER, { method: 'GET', url });
    expect(other.statusCode).toBe(403);
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('JSON reads, errors, the servlet and signed downloads are no-store too', async () => {
    const answers = await Promise.all([
      t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/invoice?limit=5` }),
      t.as(BUYER, { method: 'GET', url: '/api/profile' }),
      t.as(null, { method: 'GET', url: '/api/profile' }),
      t.as(BUYER, { method: 'GET', url: '/api/no-such-route' }),
      t.as(BUYER, { method: 'GET', url: `/servlet?api-path=/buyer/${WESTMERE}/invoice&limit=1` }),
      t.as(null, { method: 'GET', url: '/files/download/not-a-token' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 200, 403]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
