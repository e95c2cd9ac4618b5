import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/messages';
import type { OutboxPushAnswer } from '../../src/domain/schemas/sync';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { captchaFor, FAST_AUTH, loginForm } from './helpers/captcha';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 33, item 3: a NUL byte, another control character or an unpaired surrogate
 * anywhere a client sends text is a 400 on both databases (PostgreSQL answered 500);
 * run with PORTAL_TEST_DATABASE_URL to see it hold there.
 */
const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'buyer@uni.demo.test';
const SUPPORT = 'support@demo.test';
const ACME = 'SUPACMESCI01';
const WESTMERE = 'UNIWESTMERE1';

let t: TestApp;
let key = 0;
const idem = () => ({ 'idempotency-key': `safe-text-${++key}` });

beforeAll(async () => {
  t = await createTestApp({ auth: FAST_AUTH });
  await seedOrders(t.db);
});
afterAll(async () => {
  await t.close();
});

const refused = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(JSON.stringify(res.json())).toContain(fieldErrors.unsafeText);
};

describe('text with control characters or unpaired surrogates', () => {
  it('is refused in a body: a pricelist name with NUL, DEL, ESC or a lone surrogate', async () => {
    for (const name of ['Bad\u0000name', 'Bad\u007fname', 'Bad\u001bname', 'Bad\ud800name', 'Bad\udc00name']) {
      refused(await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${ACME}/pricelist`, headers: idem(), payload: { name } }));
    }
    const count = await t.db.selectFrom('pricelists').select((eb) => eb.fn.countAll<number | string>().as('n')).where('name', 'like', 'Bad%').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('is refused in a key of a body (the UOM mapping is keyed by unit)', async () => {
    refused(await t.as(SUPPLIER, { method: 'PUT', url: `/api/seller/${ACME}/uom`, headers: idem(), payload: { 'E\u0000A': 'EA' } }));
  });

  it('is refused in a query: orderNumberLike, q and nameLike', async () => {
    refused(await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/order?orderNumberLike=PO%00` }));
    refused(await t.as(BUYER, { method: 'GET', url: `/api/buyer/${WESTMERE}/seller/${ACME}/product?q=a%00b` }));
    refused(await t.as(SUPPORT, { method: 'GET', url: '/api/org?nameLike=%00' }));
  });

  it('is refused in a path code, also for support users, whose path codes are looked up', async () => {
    refused(await t.as(SUPPORT, { method: 'GET', url: '/api/seller/SUP%00/pricelist' }));
    refused(await t.as(SUPPORT, { method: 'GET', url: '/api/org/%00/property' }));
    refused(await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/order/%00` }));
  });

  it('is refused in the sign-in username, as a form and as JSON, and in a recovery request', async () => {
    const form = loginForm({ M: '1', username: 'supplier@acme.demo.test\u0000', password: 'x', captcha: await captchaFor(t.app) });
    refused(await t.app.inject({ method: 'POST', url: '/servlet', payload: form.payload, headers: form.headers }));
    refused(await t.app.inject({ method: 'POST', url: '/servlet', payload: { M: '1', username: 'a\u0000b', password: 'x', captcha: 'x' } }));
    refused(await t.app.inject({ method: 'POST', url: '/api/login/actions/sendRecoveryCode', payload: { username: 'a\u0000b' } }));
  });

  it('leaves tabs, line breaks and characters outside the basic plane alone', async () => {
    const name = 'Line one\r\n\tline two 🧪';
    const res = await t.as(SUPPLIER, { method: 'POST', url: `/api/seller/${ACME}/pricelist`, headers: idem(), payload: { name } });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('in an outbox entry is answered 400 for that entry alone; the entries after it are applied', async () => {
    const res = await t.as(SUPPLIER, {
      method: 'POST',
      url: '/api/sync/outbox',
      payload: {
        entries: [
          { id: 'outbox-nul-1', method: 'POST', path: `/api/seller/${ACME}/pricelist`, body: { name: 'Held\u0000back' } },
          { id: 'outbox-nul-2', method: 'POST', path: `/api/seller/${ACME}/pricelist`, body: { name: 'Sent after it' } },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<OutboxPushAnswer>();
    expect(results.map((r) => r.status)).toEqual([400, expect.any(Number)]);
    expect(JSON.stringify(results[0]!.body)).toContain(fieldErrors.unsafeText);
    expect(results[1]!.status).toBeLessThan(300);
    const names = await t.db.selectFrom('pricelists').select('name').where((eb) => eb.or([eb('name', 'like', 'Held%'), eb('name', '=', 'Sent after it')])).execute();
    expect(names.map((r) => r.name)).toEqual(['Sent after it']);
  });
});
