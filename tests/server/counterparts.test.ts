import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const BUYER = 'buyer@uni.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Listed = { uniqueKey: string; name: string; type: number };

describe('GET /org for suppliers and buyers: the other side of their trade', () => {
  it('lets a supplier list universities by name, keys and names only', async () => {
    const res = await t.as(SUPPLIER, { method: 'GET', url: '/api/org?type=2&nameLike=westmere' });
    expect(res.statusCode).toBe(200);
    const rows = res.json<Listed[]>();
    expect(rows.map((r) => r.uniqueKey)).toEqual(['UNIWESTMERE1']);
    expect(Object.keys(rows[0]!).sort()).toEqual(['name', 'type', 'uniqueKey']);
  });

  it('lets a buyer list suppliers only', async () => {
    const rows = (await t.as(BUYER, { method: 'GET', url: '/api/org?type=1&limit=100' })).json<Listed[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.type === 1)).toBe(true);
    expect(rows.map((r) => r.uniqueKey)).toContain('SUPACMESCI01');
  });

  it('refuses the own side and an unfiltered list', async () => {
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/org?type=1' })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'GET', url: '/api/org?type=2' })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'GET', url: '/api/org' })).statusCode).toBe(403);
  });
});
