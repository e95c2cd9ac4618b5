import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PUSH_PATH, outboxPushAnswerSchema, type OutboxPush } from '../../src/domain/schemas/sync';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const SUPPLIER = 'supplier@acme.demo.test';
const BUYER = 'buyer@uni.demo.test';
const ACME = 'SUPACMESCI01';
const WESTMERE = 'UNIWESTMERE1';

beforeAll(async () => {
  t = await createTestApp();
  // A route answering any status, to stand for a server that is busy, rate-limits or lost the session.
  t.app.put<{ Params: { status: string } }>('/api/test/answers/:status', async (request, reply) =>
    reply.code(Number(request.params.status)).send({ errors: ['try again later'] }),
  );
});
afterAll(() => t.close());

const key = () => crypto.randomUUID();

async function push(user: string | null, entries: OutboxPush['entries']) {
  const res = await t.as(user, { method: 'POST', url: OUTBOX_PUSH_PATH, payload: { entries } });
  return { status: res.statusCode, answer: res.statusCode === 200 ? outboxPushAnswerSchema.parse(res.json()) : res.json() };
}

async function addProperty(user: string, name: string): Promise<number> {
  const res = await t.as(user, { method: 'POST', url: `/api/org/${ACME}/property`, payload: { property: name, value: '0' } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { orgPropertyNo: number }).orgPropertyNo;
}

async function propertyValue(no: number): Promise<string> {
  const row = await t.db.selectFrom('properties').select('value').where('org_property_no', '=', no).executeTakeFirstOrThrow();
  return row.value ?? '';
}

async function updates(no: number): Promise<number> {
  const rows = await t.db
    .selectFrom('history')
    .select('id')
    .where('entity', '=', 'orgProperty')
    .where('entity_key', '=', String(no))
    .where('type', '=', 'UPDATED')
    .execute();
  return rows.length;
}

describe('POST /api/sync/outbox', () => {
  it('sends each entry through its own route, in order, and answers each', async () => {
    const no = await addProperty(SUPPLIER, 'PUSH_ORDER');
    const entries = ['a', 'b', 'c'].map((value) => ({
      id: key(),
      method: 'PUT' as const,
      path: `/api/org/${ACME}/property/${no}`,
      body: { property: 'PUSH_ORDER', value },
    }));
    const { status, answer } = await push(SUPPLIER, entries);
    expect(status).toBe(200);
    expect(answer.results.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual(entries.map((e) => [e.id, 200]));
    expect(answer.results[2].body).toMatchObject({ orgPropertyNo: no, value: 'c' });
    expect(await propertyValue(no)).toBe('c');
    expect(await updates(no)).toBe(3);
  });

  it('applies a batch sent again once: each entry is answered from its Idempotency-Key', async () => {
    const no = await addProperty(SUPPLIER, 'PUSH_TWICE');
    const entries = [1, 2].map((i) => ({ id: key(), method: 'PUT' as const, path: `/api/org/${ACME}/property/${no}`, body: { property: 'PUSH_TWICE', value: `v${i}` } }));
    const first = await push(SUPPLIER, entries);
    const again = await push(SUPPLIER, entries);
    expect(again.answer).toEqual(first.answer);
    expect(await updates(no)).toBe(2);
    // The same key sent straight to the route is the same change, too.
    const direct = await t.as(SUPPLIER, {
      method: 'PUT',
      url: entries[1]!.path,
      headers: { 'idempotency-key': entries[1]!.id },
      payload: entries[1]!.body,
    });
    expect(direct.headers['idempotent-replayed']).toBe('true');
    expect(await updates(no)).toBe(2);
  });

  it('answers a refusal for its entry and goes on with the next', async () => {
    const no = await addProperty(SUPPLIER, 'PUSH_REFUSED');
    const entries = [
      { id: key(), method: 'PUT' as const, path: `/api/org/${ACME}/property/${no}`, body: { property: '', value: 'x' } },
      { id: key(), method: 'PUT' as const, path: `/api/org/${ACME}/property/${no}`, body: { property: 'PUSH_REFUSED', value: 'after' } },
    ];
    const { answer } = await push(SUPPLIER, entries);
    expect(answer.results.map((r: { status: number }) => r.status)).toEqual([400, 200]);
    expect((answer.results[0].body as { errors: string[] }).errors.length).toBeGreaterThan(0);
    expect(await propertyValue(no)).toBe('after');
  });

  it("checks each entry against the organisation it touches: another organisation's change is refused", async () => {
    const entries = [{ id: key(), method: 'POST' as const, path: `/api/org/${WESTMERE}/property`, body: { property: 'SNEAKY', value: '1' } }];
    const { answer } = await push(SUPPLIER, entries);
    expect(answer.results[0].status).toBe(403);
    const found = await t.db.selectFrom('properties').select('property').where('property', '=', 'SNEAKY').execute();
    expect(found).toEqual([]);
  });

  it('stops at an answer that must be retried, so no later entry overtakes it', async () => {
    const no = await addProperty(SUPPLIER, 'PUSH_STOP');
    const edit = (value: string) => ({ id: key(), method: 'PUT' as const, path: `/api/org/${ACME}/property/${no}`, body: { property: 'PUSH_STOP', value } });
    for (const status of [503, 429, 408, 401]) {
      const entries = [edit(`before ${status}`), { id: key(), method: 'PUT' as const, path: `/api/test/answers/${status}` }, edit(`after ${status}`)];
      const { answer } = await push(SUPPLIER, entries);
      expect(answer.results.map((r: { status: number }) => r.status)).toEqual([200, status]);
      expect(await propertyValue(no)).toBe(`before ${status}`);
    }
  });

  it('refuses paths outside the API and the push route itself, entry by entry', async () => {
    const entries = [
      { id: key(), method: 'POST' as const, path: OUTBOX_PUSH_PATH, body: { entries: [] } },
      { id: key(), method: 'POST' as const, path: '/servlet?M=1', body: {} },
      { id: key(), method: 'DELETE' as const, path: '/api/sync/seller/X/changes' },
    ];
    const { answer } = await push(SUPPLIER, entries);
    expect(answer.results.map((r: { status: number }) => r.status)).toEqual([400, 400, 400]);
  });

  it('answers 401 without a session and 400 for a malformed batch', async () => {
    expect((await push(null, [{ id: key(), method: 'PUT', path: `/api/org/${ACME}/property/1`, body: {} }])).status).toBe(401);
    expect((await push(SUPPLIER, [])).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => ({ id: key(), method: 'PUT' as const, path: `/api/org/${ACME}/property/1` }));
    expect((await push(SUPPLIER, tooMany)).status).toBe(400);
    expect((await push(BUYER, [{ id: key(), method: 'PATCH' as never, path: `/api/org/${WESTMERE}/property/1` }])).status).toBe(400);
  });
});
