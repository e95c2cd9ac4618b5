import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { validateAsnRecipients } from '../../src/domain/rules/properties';
import { accountPageSchema } from '../../src/domain/schemas/accounts';
import { ediExportSettingPageSchema, orgPropertyPageSchema, uomMappingSchema } from '../../src/domain/schemas/properties';
import { STANDARD_UOMS } from '../../src/domain/uom';
import { accountCodesFor } from '../../server/accounts/account-codes';
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

describe('demo account administration', () => {
  it('gives suppliers valid ASN recipients and a UOM mapping onto standard units', async () => {
    const res = await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/org/SUPACMESCI01/property?property=${PROPERTY_NAMES.asnContactEmailList}` });
    const [recipients] = orgPropertyPageSchema.parse(res.json());
    expect(validateAsnRecipients(recipients!.value)).toEqual([]);
    const mapping = uomMappingSchema.parse((await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/seller/SUPACMESCI01/uom' })).json());
    expect(Object.keys(mapping).length).toBeGreaterThan(0);
    for (const [unit, code] of Object.entries(mapping)) expect(STANDARD_UOMS[unit]!.variations).toContain(code);
  });

  it('gives universities tax codes, account codes and EDI settings with one EMAIL channel', async () => {
    const tax = await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/buyer/UNIWESTMERE1' });
    expect(tax.json()).toEqual({ taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' } });
    const codes = await accountCodesFor(t.db, 'UNIWESTMERE1', 'SUPACMESCI01');
    expect(codes).toEqual({ catalogue: expect.any(String), poAndAsn: expect.any(String), invoice: expect.any(String) });
    const edi = ediExportSettingPageSchema.parse((await t.as('support@demo.test', { method: 'GET', url: '/api/org/UNIWESTMERE1/edi-export' })).json());
    expect(edi.map((e) => `${e.docType}:${e.type}`).sort()).toEqual(['asn:LOCAL', 'inv:EMAIL', 'po:LOCAL']);
  });

  it('marks a couple of accounts with an alert', async () => {
    const list = accountPageSchema.parse((await t.as('support@demo.test', { method: 'GET', url: '/api/org' })).json());
    expect(list.filter((a) => a.alert).map((a) => a.uniqueKey).sort()).toEqual(['SUPKESTREL01', 'UNILAKESIDE1']);
  });
});
