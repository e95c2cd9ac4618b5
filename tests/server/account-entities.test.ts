import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../src/domain/schemas/accounts';
import { ediExportSettingSchema, orgPropertySchema } from '../../src/domain/schemas/properties';
import { accountEntityLoaders } from '../../server/accounts/entity-loaders';
import { seedAccounts } from '../../server/db/demo/seed-accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
});
afterAll(async () => {
  await t.close();
});

async function changed(entity: string, orgKey: string) {
  const rows = await t.db.selectFrom('change_log').select('entity_key').where('entity', '=', entity).where('org_key', '=', orgKey).execute();
  return [...new Set(rows.map((r) => r.entity_key))];
}

describe('changes-feed loaders of the accounts area', () => {
  it('load accounts for the support scope only', async () => {
    const keys = await changed('account', 'SUPPORT00001');
    const rows = await accountEntityLoaders.account!(t.db, keys, { kind: 'org', orgKey: 'SUPPORT00001' });
    expect([...rows.keys()].sort()).toEqual(['SUPKESTREL01', 'UNILAKESIDE1']);
    for (const row of rows.values()) accountSchema.parse(row);
    expect((await accountEntityLoaders.account!(t.db, keys, { kind: 'org', orgKey: 'SUPACMESCI01' })).size).toBe(0);
  });

  it("load an organisation's rows in its own scope and nothing of another organisation", async () => {
    const props = await changed('orgProperty', 'SUPACMESCI01');
    const own = await accountEntityLoaders.orgProperty!(t.db, props, { kind: 'org', orgKey: 'SUPACMESCI01' });
    expect(own.size).toBe(props.length);
    for (const row of own.values()) orgPropertySchema.parse(row);
    expect((await accountEntityLoaders.orgProperty!(t.db, props, { kind: 'org', orgKey: 'SUPBIOLAB001' })).size).toBe(0);

    const edi = await changed('ediExportSetting', 'UNIWESTMERE1');
    const settings = await accountEntityLoaders.ediExportSetting!(t.db, edi, { kind: 'org', orgKey: 'UNIWESTMERE1' });
    expect(settings.size).toBe(3);
    for (const row of settings.values()) ediExportSettingSchema.parse(row);

    const mapping = await accountEntityLoaders.uomMapping!(t.db, ['SUPACMESCI01'], { kind: 'org', orgKey: 'SUPACMESCI01' });
    expect(mapping.get('SUPACMESCI01')).toBeTypeOf('object');
    expect((await accountEntityLoaders.uomMapping!(t.db, ['SUPACMESCI01'], { kind: 'org', orgKey: 'SUPBIOLAB001' })).size).toBe(0);

    const codes = await changed('otherOrgProperty', 'UNIWESTMERE1');
    expect((await accountEntityLoaders.otherOrgProperty!(t.db, codes, { kind: 'org', orgKey: 'UNIWESTMERE1' })).size).toBe(codes.length);
    const pairs = await changed('buyerSellerProps', 'UNIWESTMERE1');
    expect((await accountEntityLoaders.buyerSellerProps!(t.db, pairs, { kind: 'org', orgKey: 'UNIWESTMERE1' })).size).toBe(pairs.length);
    expect((await accountEntityLoaders.buyerSettings!(t.db, ['UNIWESTMERE1'], { kind: 'org', orgKey: 'UNIWESTMERE1' })).get('UNIWESTMERE1')).toEqual({
      taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' },
    });
  });

  it('leave out deleted rows so the feed answers them as deletes', async () => {
    const props = await changed('orgProperty', 'SUPACMESCI01');
    const first = Number(props[0]);
    const del = await t.as('supplier@acme.demo.test', { method: 'DELETE', url: `/api/org/SUPACMESCI01/property/${first}` });
    expect(del.statusCode).toBe(200);
    const rows = await accountEntityLoaders.orgProperty!(t.db, [String(first)], { kind: 'org', orgKey: 'SUPACMESCI01' });
    expect(rows.size).toBe(0);
  });
});
