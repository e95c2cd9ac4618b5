import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LENGTHS } from '../../src/domain/constants';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPLIER = 'supplier@acme.demo.test';
const SUPPORT = 'support@demo.test';
const ORG = 'SUPACMESCI01';
const huge = 'x'.repeat(100_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function refused(user: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.as(user, { method, url, payload });
  expect(res.statusCode, url).toBe(400);
  expect((res.json() as { errors: string[] }).errors.length).toBeGreaterThan(0);
}

describe('text fields have length limits', () => {
  it('refuses a 2 MiB unit code, so it can never be copied into products', async () => {
    await refused(SUPPLIER, 'PUT', `/api/seller/${ORG}/uom`, { EA: 'u'.repeat(2 * 1024 * 1024) });
    const ok = await t.as(SUPPLIER, { method: 'PUT', url: `/api/seller/${ORG}/uom`, payload: { EA: 'E'.repeat(TEXT_LENGTHS.code) } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses 100 KB names, properties, emails, EDI fields and codes', async () => {
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/property`, { property: huge, value: 'v' });
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/property`, { property: 'P', value: huge });
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/receiving-email`, { code: 'AP', emailAddress: `${huge}@x.test` });
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/sending-email-domain`, { identifier: huge });
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/edi-export`, { docType: 'inv', type: 'cXML', endpoint: `https://x.test/${huge}` });
    await refused(SUPPLIER, 'POST', `/api/org/${ORG}/edi-export`, { docType: 'inv', password: huge });
    await refused(SUPPORT, 'POST', '/api/org', { name: huge });
    await refused(SUPPORT, 'POST', `/api/org/${ORG}/user`, { firstName: huge, lastName: 'L', email: 'a@b.test' });
    await refused('buyer@uni.demo.test', 'POST', '/api/buyer/UNIWESTMERE1', { taxCodeMapping: { taxableCode: huge, nonTaxableCode: 'N' } });
  });
});
