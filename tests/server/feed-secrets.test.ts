import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ediExportSettingPageSchema, ediExportSettingSchema } from '../../src/domain/schemas/properties';
import { createTestApp, type TestApp } from './helpers/test-app';

const ADMIN = 'supplier@acme.demo.test';
const REGULAR = 'warehouse@acme.demo.test';
const ORG = 'SUPACMESCI01';
const SECRET = 'edi-pass-Zq81';

let t: TestApp;
let settingId: number;

beforeAll(async () => {
  t = await createTestApp();
  const edi = await t.as(ADMIN, { method: 'POST', url: `/api/org/${ORG}/edi-export`, payload: { docType: 'po', type: 'cXML', endpoint: 'https://edi.example/po', user: 'edi', password: SECRET } });
  expect(edi.statusCode).toBe(201);
  settingId = (edi.json() as { id: number }).id;
  expect((await t.as(ADMIN, { method: 'POST', url: `/api/org/${ORG}/receiving-email`, payload: { code: 'AP', emailAddress: 'ap@acme.demo.test' } })).statusCode).toBe(201);
  expect((await t.as(ADMIN, { method: 'POST', url: `/api/org/${ORG}/sending-email-domain`, payload: { identifier: 'acme.demo.test' } })).statusCode).toBe(201);
});
afterAll(() => t.close());

const feed = async (user: string) => {
  const res = await t.as(user, { method: 'GET', url: `/api/sync/org/${ORG}/changes?since=0&limit=500` });
  expect(res.statusCode).toBe(200);
  return res;
};
const storedPassword = async () => (await t.db.selectFrom('edi_export_settings').select('password').where('id', '=', settingId).executeTakeFirstOrThrow()).password;

describe('the changes feed applies each entity route permission', () => {
  it('gives a regular user none of the admin-only lists, the EDI password least of all', async () => {
    const res = await feed(REGULAR);
    const entities = new Set((res.json() as { changes: Array<{ entity: string }> }).changes.map((c) => c.entity));
    for (const adminOnly of ['ediExportSetting', 'receivingEmail', 'senderSource']) expect(entities.has(adminOnly), adminOnly).toBe(false);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('ap@acme.demo.test');
    // The direct route agrees.
    expect((await t.as(REGULAR, { method: 'GET', url: `/api/org/${ORG}/edi-export` })).statusCode).toBe(403);
  });

  it('gives an admin the lists, with the EDI password only as a flag', async () => {
    const res = await feed(ADMIN);
    const edi = (res.json() as { changes: Array<{ entity: string; row?: unknown }> }).changes.find((c) => c.entity === 'ediExportSetting');
    expect(ediExportSettingSchema.parse(edi?.row)).toMatchObject({ id: settingId, passwordSet: true });
    expect(res.body).not.toContain(SECRET);
  });
});

describe('the EDI password is write-only', () => {
  const url = () => `/api/org/${ORG}/edi-export/${settingId}`;

  it('is never in the GET answer', async () => {
    const res = await t.as(ADMIN, { method: 'GET', url: `/api/org/${ORG}/edi-export` });
    expect(res.body).not.toContain(SECRET);
    expect(ediExportSettingPageSchema.parse(res.json())[0]).toMatchObject({ passwordSet: true });
    expect(res.json()[0]).not.toHaveProperty('password');
  });

  it('is kept when left out, replaced when given, cleared with null', async () => {
    const base = { docType: 'po', type: 'cXML', endpoint: 'https://edi.example/po', user: 'edi' };
    let res = await t.as(ADMIN, { method: 'PUT', url: url(), payload: base });
    expect(res.json()).toMatchObject({ passwordSet: true });
    expect(await storedPassword()).toBe(SECRET);
    res = await t.as(ADMIN, { method: 'PUT', url: url(), payload: { ...base, password: 'another-Pw9' } });
    expect(res.json()).toMatchObject({ passwordSet: true });
    expect(res.body).not.toContain('another-Pw9');
    expect(await storedPassword()).toBe('another-Pw9');
    res = await t.as(ADMIN, { method: 'PUT', url: url(), payload: { ...base, password: null } });
    expect(res.json()).toMatchObject({ passwordSet: false });
    expect(await storedPassword()).toBeNull();
  });
});
