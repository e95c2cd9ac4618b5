import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { fieldErrors, messages } from '../../src/domain/messages';
import { customerSchema } from '../../src/domain/schemas/accounts';
import {
  buyerSellerPropsAnswerSchema,
  buyerSettingsAnswerSchema,
  ediExportSettingPageSchema,
  ediExportSettingSchema,
  orgPropertyPageSchema,
  orgPropertySchema,
  otherOrgPropertyPageSchema,
  receivingEmailPageSchema,
  receivingEmailSchema,
  senderSourcePageSchema,
  senderSourceSchema,
  standardUnitsSchema,
  uomMappingSchema,
} from '../../src/domain/schemas/properties';
import { STANDARD_UOMS } from '../../src/domain/uom';
import { accountCodesFor } from '../../server/accounts/account-codes';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPORT = 'support@demo.test';
const BUYER = 'buyer@uni.demo.test';
const OTHER_BUYER = 'buyer@northgate.demo.test';
const SUPPLIER = 'supplier@acme.demo.test';
const SUPPLIER_REGULAR = 'warehouse@acme.demo.test';
const OTHER_SUPPLIER = 'admin@biolab.demo.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const key = (() => {
  let n = 0;
  return () => `props-test-${String(++n).padStart(4, '0')}`;
})();

async function history(entity: string) {
  return t.db.selectFrom('history').selectAll().where('entity', '=', entity).orderBy('id').execute();
}

describe('org properties', () => {
  it('adds, lists, edits and deletes a property of the own org, with history and tombstone', async () => {
    const add = await t.as(SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/property', payload: { property: 'INVOICE_PREFIX', value: 'ACME-' } });
    expect(add.statusCode).toBe(201);
    const prop = orgPropertySchema.parse(add.json());
    expect(prop).toMatchObject({ property: 'INVOICE_PREFIX', value: 'ACME-' });

    const list = orgPropertyPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: '/api/org/SUPACMESCI01/property?offset=0&limit=20' })).json());
    expect(list.map((p) => p.property)).toContain('INVOICE_PREFIX');

    const edit = await t.as(SUPPLIER, { method: 'PUT', url: `/api/org/SUPACMESCI01/property/${prop.orgPropertyNo}`, payload: { property: 'INVOICE_PREFIX', value: 'AC-' } });
    expect(edit.statusCode).toBe(200);
    expect(orgPropertySchema.parse(edit.json()).value).toBe('AC-');

    const del = await t.as(SUPPLIER, { method: 'DELETE', url: `/api/org/SUPACMESCI01/property/${prop.orgPropertyNo}` });
    expect(del.statusCode).toBe(200);
    const single = orgPropertyPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: '/api/org/SUPACMESCI01/property?property=INVOICE_PREFIX' })).json());
    expect(single).toEqual([]);
    const ops = await t.db.selectFrom('change_log').select('op').where('entity', '=', 'orgProperty').where('entity_key', '=', String(prop.orgPropertyNo)).orderBy('rev').execute();
    expect(ops.map((o) => o.op)).toEqual(['upsert', 'upsert', 'delete']);
    expect((await history('orgProperty')).map((h) => h.type)).toEqual(['CREATED', 'UPDATED', 'DELETED']);
  });

  it('answers one property by name, and 409 with the conflict message when it has several records', async () => {
    const org = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', 'UNINORTHGATE').executeTakeFirstOrThrow();
    await t.db.insertInto('properties').values([
      { org_no: org.org_no, property: 'DUPLICATED', value: 'a', rev: 0, deleted: 0 },
      { org_no: org.org_no, property: 'DUPLICATED', value: 'b', rev: 0, deleted: 0 },
      { org_no: org.org_no, property: 'SINGLE', value: 'c', rev: 0, deleted: 0 },
    ]).execute();
    const conflict = await t.as(OTHER_BUYER, { method: 'GET', url: '/api/org/UNINORTHGATE/property?property=DUPLICATED' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ errors: [messages.propertyConflict] });
    const single = orgPropertyPageSchema.parse((await t.as(OTHER_BUYER, { method: 'GET', url: '/api/org/UNINORTHGATE/property?property=SINGLE' })).json());
    expect(single.map((p) => p.value)).toEqual(['c']);
    const again = await t.as(OTHER_BUYER, { method: 'POST', url: '/api/org/UNINORTHGATE/property', payload: { property: 'SINGLE', value: 'd' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [fieldErrors.propertyExists('SINGLE')] });
  });

  it('pages 20 at a time', async () => {
    for (let i = 0; i < 22; i++) {
      await t.as(SUPPORT, { method: 'POST', url: '/api/org/UNILAKESIDE1/property', payload: { property: `P${i}`, value: String(i) } });
    }
    const first = orgPropertyPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNILAKESIDE1/property' })).json());
    const second = orgPropertyPageSchema.parse((await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNILAKESIDE1/property?offset=20&limit=20' })).json());
    expect(first).toHaveLength(20);
    expect(second.map((p) => p.property)).toEqual(['P20', 'P21']);
  });

  it('rejects empty name or value', async () => {
    const res = await t.as(SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/property', payload: { property: ' ', value: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [fieldErrors.required('Name'), fieldErrors.required('Value')] });
  });

  it('ASN recipients: a comma-separated email list, suppliers only', async () => {
    const url = '/api/org/SUPACMESCI01/property';
    const bad = await t.as(SUPPLIER, { method: 'POST', url, payload: { property: PROPERTY_NAMES.asnContactEmailList, value: 'a@x.test; b@x.test' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [fieldErrors.invalidEmailList('ASN Recipients')] });
    const ok = await t.as(SUPPLIER, { method: 'POST', url, payload: { property: PROPERTY_NAMES.asnContactEmailList, value: 'a@x.test, b@x.test' } });
    expect(ok.statusCode).toBe(201);
    const buyerTry = await t.as(BUYER, { method: 'POST', url: '/api/org/UNIWESTMERE1/property', payload: { property: PROPERTY_NAMES.asnContactEmailList, value: 'a@x.test' } });
    expect(buyerTry.statusCode).toBe(403);
    const supportForBuyer = await t.as(SUPPORT, { method: 'POST', url: '/api/org/UNIWESTMERE1/property', payload: { property: PROPERTY_NAMES.asnContactEmailList, value: 'a@x.test' } });
    expect(supportForBuyer.statusCode).toBe(403);
    const supportForSupplier = await t.as(SUPPORT, { method: 'GET', url: `${url}?property=${PROPERTY_NAMES.asnContactEmailList}` });
    expect(orgPropertyPageSchema.parse(supportForSupplier.json())[0]!.value).toBe('a@x.test, b@x.test');
  });

  it('authorization: own org and support; other orgs 403; no session 401; other org ids 404', async () => {
    const url = '/api/org/SUPACMESCI01/property';
    expect((await t.as(SUPPLIER_REGULAR, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.as(SUPPORT, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.as(OTHER_SUPPLIER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.as(OTHER_SUPPLIER, { method: 'POST', url, payload: { property: 'X', value: 'Y' } })).statusCode).toBe(403);
    const foreign = await t.as(OTHER_SUPPLIER, { method: 'POST', url: '/api/org/SUPBIOLAB001/property', payload: { property: 'MINE', value: '1' } });
    const foreignNo = orgPropertySchema.parse(foreign.json()).orgPropertyNo;
    expect((await t.as(SUPPLIER, { method: 'PUT', url: `${url}/${foreignNo}`, payload: { property: 'MINE', value: '2' } })).statusCode).toBe(404);
    expect((await t.as(SUPPLIER, { method: 'DELETE', url: `${url}/${foreignNo}` })).statusCode).toBe(404);
  });

  it('replays POST, PUT and DELETE once', async () => {
    const url = '/api/org/SUPBIOLAB001/property';
    const k1 = key();
    const a = await t.as(OTHER_SUPPLIER, { method: 'POST', url, payload: { property: 'REPLAY', value: '1' }, headers: { 'idempotency-key': k1 } });
    const b = await t.as(OTHER_SUPPLIER, { method: 'POST', url, payload: { property: 'REPLAY', value: '1' }, headers: { 'idempotency-key': k1 } });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const no = orgPropertySchema.parse(a.json()).orgPropertyNo;
    const k2 = key();
    const put = { method: 'PUT' as const, url: `${url}/${no}`, payload: { property: 'REPLAY', value: '2' }, headers: { 'idempotency-key': k2 } };
    expect((await t.as(OTHER_SUPPLIER, put)).json()).toEqual((await t.as(OTHER_SUPPLIER, put)).json());
    const k3 = key();
    const del = { method: 'DELETE' as const, url: `${url}/${no}`, headers: { 'idempotency-key': k3 } };
    expect((await t.as(OTHER_SUPPLIER, del)).statusCode).toBe(200);
    expect((await t.as(OTHER_SUPPLIER, del)).statusCode).toBe(200);
    const changes = await t.db.selectFrom('change_log').select('op').where('entity', '=', 'orgProperty').where('entity_key', '=', String(no)).execute();
    expect(changes).toHaveLength(3);
  });
});

describe('other-org properties and account codes', () => {
  it('sets, replaces, lists and deletes a value about another account', async () => {
    const url = '/api/org/UNIWESTMERE1/other-org-property';
    const first = await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPACMESCI01', property: 'PREFERRED', value: 'yes' } });
    expect(first.statusCode).toBe(200);
    await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPACMESCI01', property: 'PREFERRED', value: 'no' } });
    const list = otherOrgPropertyPageSchema.parse((await t.as(BUYER, { method: 'GET', url: `${url}?otherOrgUniqueKey=SUPACMESCI01` })).json());
    expect(list).toEqual([{ otherOrgUniqueKey: 'SUPACMESCI01', property: 'PREFERRED', value: 'no' }]);
    expect((await t.as(BUYER, { method: 'DELETE', url: `${url}/SUPACMESCI01/PREFERRED` })).statusCode).toBe(200);
    expect(otherOrgPropertyPageSchema.parse((await t.as(BUYER, { method: 'GET', url })).json())).toEqual([]);
    expect((await t.as(BUYER, { method: 'DELETE', url: `${url}/SUPACMESCI01/PREFERRED` })).statusCode).toBe(404);
    expect((await history('otherOrgProperty')).map((h) => h.type)).toEqual(['CREATED', 'UPDATED', 'DELETED']);
  });

  it('holds a pair kept in several records as a conflict: counted in the feed, refused when set, cleared by a delete', async () => {
    const url = '/api/org/UNIWESTMERE1/other-org-property';
    const org = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', 'UNIWESTMERE1').executeTakeFirstOrThrow();
    // Two records of one pair, as two racing first saves (no unique index holds them apart) leave them.
    const first = await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPBIOLAB001', property: 'DOUBLED', value: 'one' } });
    expect(first.statusCode).toBe(200);
    await t.db.insertInto('other_org_properties').values({ org_no: org.org_no, other_org_key: 'SUPBIOLAB001', property: 'DOUBLED', value: 'two', rev: 0, deleted: 0 }).execute();
    await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPBIOLAB001', property: 'SINGLE', value: 'only' } });

    const feed = async () => {
      const res = await t.as(BUYER, { method: 'GET', url: '/api/sync/org/UNIWESTMERE1/changes?since=0&limit=1000' });
      const changes = (res.json() as { changes: Array<{ entity: string; key: string; op: string; row?: Record<string, unknown> }> }).changes;
      const last = (key: string) => changes.filter((c) => c.entity === 'otherOrgProperty' && c.key === key).at(-1);
      return { doubled: last('SUPBIOLAB001/DOUBLED'), single: last('SUPBIOLAB001/SINGLE') };
    };
    const before = await feed();
    expect(before.doubled?.row).toEqual({ otherOrgUniqueKey: 'SUPBIOLAB001', property: 'DOUBLED', value: 'one', records: 2 });
    expect(before.single?.row).toMatchObject({ value: 'only', records: 1 });

    const one = await t.as(BUYER, { method: 'GET', url: `${url}?otherOrgUniqueKey=SUPBIOLAB001&property=DOUBLED` });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ errors: [messages.propertyConflict] });
    expect(otherOrgPropertyPageSchema.parse((await t.as(BUYER, { method: 'GET', url: `${url}?otherOrgUniqueKey=SUPBIOLAB001&property=SINGLE` })).json())).toHaveLength(1);

    for (const who of [BUYER, SUPPORT]) {
      const set = await t.as(who, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPBIOLAB001', property: 'DOUBLED', value: 'three' } });
      expect(set.statusCode).toBe(409);
      expect(set.json()).toEqual({ errors: [messages.propertyConflict] });
    }
    const values = await t.db.selectFrom('other_org_properties').select('value').where('property', '=', 'DOUBLED').where('deleted', '=', 0).orderBy('id').execute();
    expect(values.map((v) => v.value)).toEqual(['one', 'two']);

    expect((await t.as(SUPPORT, { method: 'DELETE', url: `${url}/SUPBIOLAB001/DOUBLED` })).statusCode).toBe(200);
    expect((await feed()).doubled?.op).toBe('delete');
    const again = await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPBIOLAB001', property: 'DOUBLED', value: 'four' } });
    expect(again.statusCode).toBe(200);
    expect((await feed()).doubled?.row).toEqual({ otherOrgUniqueKey: 'SUPBIOLAB001', property: 'DOUBLED', value: 'four', records: 1 });
  });

  it('rejects empty fields and unknown accounts; suppliers may keep their own other-account properties', async () => {
    const url = '/api/org/UNIWESTMERE1/other-org-property';
    const bad = await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPACMESCI01', property: '', value: ' ' } });
    expect(bad.json()).toEqual({ errors: [fieldErrors.required('Property'), fieldErrors.required('Value')] });
    expect((await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'NOSUCHORG000', property: 'A', value: 'B' } })).statusCode).toBe(404);
    const supplierOwn = await t.as(SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/other-org-property', payload: { otherOrgUniqueKey: 'UNIWESTMERE1', property: 'CUSTOMER_NO', value: 'C-1' } });
    expect(supplierOwn.statusCode).toBe(200);
    expect((await t.as(OTHER_BUYER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('account codes (SUPPLIER_CODE, SUPPLIER_CODE_AP, catalogue supplierCode) are for buyers only', async () => {
    const url = '/api/org/UNIWESTMERE1/other-org-property';
    const po = await t.as(BUYER, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPACMESCI01', property: PROPERTY_NAMES.supplierCode, value: 'V-100' } });
    expect(po.statusCode).toBe(200);
    const ap = await t.as(SUPPORT, { method: 'POST', url, payload: { otherOrgUniqueKey: 'SUPACMESCI01', property: PROPERTY_NAMES.supplierCodeAp, value: 'AP-100' } });
    expect(ap.statusCode).toBe(200);
    const supplierTry = await t.as(SUPPLIER, { method: 'POST', url: '/api/org/SUPACMESCI01/other-org-property', payload: { otherOrgUniqueKey: 'UNIWESTMERE1', property: PROPERTY_NAMES.supplierCode, value: 'X' } });
    expect(supplierTry.statusCode).toBe(403);

    const propsUrl = '/api/buyer/UNIWESTMERE1/seller/SUPACMESCI01/props';
    expect(buyerSellerPropsAnswerSchema.parse((await t.as(BUYER, { method: 'GET', url: propsUrl })).json())).toEqual({ supplierCode: null });
    const empty = await t.as(BUYER, { method: 'POST', url: propsUrl, payload: { supplierCode: ' ' } });
    expect(empty.json()).toEqual({ errors: [fieldErrors.required('Account Code')] });
    const opts = { method: 'POST' as const, url: propsUrl, payload: { supplierCode: 'CAT-7' }, headers: { 'idempotency-key': key() } };
    const saved = await t.as(BUYER, opts);
    expect(saved.json()).toEqual({ supplierCode: 'CAT-7' });
    expect((await t.as(BUYER, opts)).json()).toEqual({ supplierCode: 'CAT-7' });
    expect(buyerSellerPropsAnswerSchema.parse((await t.as(BUYER, { method: 'GET', url: propsUrl })).json())).toEqual({ supplierCode: 'CAT-7' });
    expect(await accountCodesFor(t.db, 'UNIWESTMERE1', 'SUPACMESCI01')).toEqual({ catalogue: 'CAT-7', poAndAsn: 'V-100', invoice: 'AP-100' });

    expect((await t.as(SUPPLIER, { method: 'GET', url: propsUrl })).statusCode).toBe(403);
    expect((await t.as(OTHER_BUYER, { method: 'GET', url: propsUrl })).statusCode).toBe(403);
    expect((await t.as(SUPPORT, { method: 'GET', url: propsUrl })).statusCode).toBe(200);
    expect((await t.as(null, { method: 'GET', url: propsUrl })).statusCode).toBe(401);
    expect((await t.as(BUYER, { method: 'GET', url: '/api/buyer/UNIWESTMERE1/seller/UNINORTHGATE/props' })).statusCode).toBe(404);
    expect((await history('buyerSellerProps')).length).toBe(1);
  });
});

describe('receiving emails, sender sources and EDI export settings', () => {
  it('receiving email: add, list, edit, delete; code and address required', async () => {
    const url = '/api/org/UNIWESTMERE1/receiving-email';
    const bad = await t.as(BUYER, { method: 'POST', url, payload: { code: '', emailAddress: '' } });
    expect(bad.json()).toEqual({ errors: [fieldErrors.required('Code'), fieldErrors.required('Email Address')] });
    const add = receivingEmailSchema.parse((await t.as(BUYER, { method: 'POST', url, payload: { code: 'AP', emailAddress: '*@invoices.uni.demo.test' } })).json());
    const put = await t.as(SUPPORT, { method: 'PUT', url: `${url}/${add.id}`, payload: { code: 'AP', emailAddress: 'ap@uni.demo.test' } });
    expect(receivingEmailSchema.parse(put.json()).emailAddress).toBe('ap@uni.demo.test');
    expect(receivingEmailPageSchema.parse((await t.as(BUYER, { method: 'GET', url })).json())).toEqual([{ id: add.id, code: 'AP', emailAddress: 'ap@uni.demo.test' }]);
    expect((await t.as(BUYER, { method: 'DELETE', url: `${url}/${add.id}` })).statusCode).toBe(200);
    expect(receivingEmailPageSchema.parse((await t.as(BUYER, { method: 'GET', url })).json())).toEqual([]);
    expect((await history('receivingEmail')).map((h) => h.type)).toEqual(['CREATED', 'UPDATED', 'DELETED']);
  });

  it('sender source: identifier required, replay once', async () => {
    const url = '/api/org/SUPACMESCI01/sending-email-domain';
    expect((await t.as(SUPPLIER, { method: 'POST', url, payload: { identifier: ' ' } })).json()).toEqual({ errors: [fieldErrors.required('Identifier')] });
    const opts = { method: 'POST' as const, url, payload: { identifier: 'acme.demo.test' }, headers: { 'idempotency-key': key() } };
    const a = await t.as(SUPPLIER, opts);
    const b = await t.as(SUPPLIER, opts);
    expect(senderSourceSchema.parse(b.json())).toEqual(a.json());
    expect(senderSourcePageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url })).json())).toHaveLength(1);
  });

  it('EDI export: integer order format, LOCAL by default, one per doc type', async () => {
    const url = '/api/org/SUPACMESCI01/edi-export';
    const decimal = await t.as(SUPPLIER, { method: 'POST', url, payload: { docType: 'po', orderFormat: '1.5' } });
    expect(decimal.json()).toEqual({ errors: [fieldErrors.notInteger('Order Format')] });
    expect((await t.as(SUPPLIER, { method: 'POST', url, payload: { docType: 'po', orderFormat: 2.25 } })).statusCode).toBe(400);
    expect((await t.as(SUPPLIER, { method: 'POST', url, payload: { docType: 'xx' } })).statusCode).toBe(400);
    const created = ediExportSettingSchema.parse((await t.as(SUPPLIER, { method: 'POST', url, payload: { docType: 'po' } })).json());
    expect(created).toMatchObject({ docType: 'po', orderFormat: 0, type: 'LOCAL', endpoint: null });
    const dup = await t.as(SUPPLIER, { method: 'POST', url, payload: { docType: 'po', type: 'EMAIL' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errors: [fieldErrors.ediDocTypeTaken('po')] });
    const put = await t.as(SUPPLIER, { method: 'PUT', url: `${url}/${created.id}`, payload: { docType: 'po', orderFormat: '3', type: 'cXML', endpoint: 'https://edi.example/po' } });
    expect(ediExportSettingSchema.parse(put.json())).toMatchObject({ orderFormat: 3, type: 'cXML', endpoint: 'https://edi.example/po' });
    expect(ediExportSettingPageSchema.parse((await t.as(SUPPLIER, { method: 'GET', url })).json())).toHaveLength(1);
    const hist = await history('ediExportSetting');
    expect(hist.every((h) => !h.description.includes('password'))).toBe(true);
  });

  it('are for the org admins and support: regular users, other orgs and no session are refused', async () => {
    for (const path of ['receiving-email', 'sending-email-domain', 'edi-export']) {
      const url = `/api/org/SUPACMESCI01/${path}`;
      expect((await t.as(SUPPLIER, { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.as(SUPPORT, { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.as(SUPPLIER_REGULAR, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(OTHER_SUPPLIER, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(BUYER, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.as(SUPPLIER, { method: 'DELETE', url: `${url}/999999` })).statusCode).toBe(404);
    }
  });
});

describe('UOM', () => {
  it('GET /uom answers the standard units to any signed-in user', async () => {
    const res = await t.as(BUYER, { method: 'GET', url: '/api/uom' });
    expect(standardUnitsSchema.parse(res.json())).toEqual(STANDARD_UOMS);
    expect((await t.as(null, { method: 'GET', url: '/api/uom' })).statusCode).toBe(401);
  });

  it('replaces a supplier mapping; at least one code; standard units only', async () => {
    const url = '/api/seller/SUPACMESCI01/uom';
    expect(uomMappingSchema.parse((await t.as(SUPPLIER, { method: 'GET', url })).json())).toEqual({});
    expect((await t.as(SUPPLIER, { method: 'PUT', url, payload: { EA: ' ', BX: '' } })).json()).toEqual({ errors: [fieldErrors.uomMappingEmpty] });
    expect((await t.as(SUPPLIER, { method: 'PUT', url, payload: { ZZ: 'x' } })).json()).toEqual({ errors: [fieldErrors.unknownUom('ZZ')] });
    const opts = { method: 'PUT' as const, url, payload: { EA: 'EACH', BX: 'BOX', PK: '' }, headers: { 'idempotency-key': key() } };
    expect((await t.as(SUPPLIER, opts)).json()).toEqual({ EA: 'EACH', BX: 'BOX' });
    expect((await t.as(SUPPLIER, opts)).json()).toEqual({ EA: 'EACH', BX: 'BOX' });
    await t.as(SUPPORT, { method: 'PUT', url, payload: { KG: 'KILO' } });
    expect((await t.as(SUPPLIER, { method: 'GET', url })).json()).toEqual({ KG: 'KILO' });
    expect((await history('uomMapping')).length).toBe(2);
  });

  it('is for the supplier itself and support', async () => {
    const url = '/api/seller/SUPACMESCI01/uom';
    expect((await t.as(OTHER_SUPPLIER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(BUYER, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/seller/UNIWESTMERE1/uom' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'PUT', url, payload: { EA: 'E' } })).statusCode).toBe(401);
  });
});

describe('tax codes', () => {
  it('saves both codes for the buyer; both required', async () => {
    const url = '/api/buyer/UNIWESTMERE1';
    expect(buyerSettingsAnswerSchema.parse((await t.as(BUYER, { method: 'GET', url })).json())).toEqual({ taxCodeMapping: null });
    const bad = await t.as(BUYER, { method: 'POST', url, payload: { taxCodeMapping: { taxableCode: '', nonTaxableCode: ' ' } } });
    expect(bad.json()).toEqual({ errors: [fieldErrors.required('Taxable Code'), fieldErrors.required('Non Taxable Code')] });
    const opts = { method: 'POST' as const, url, payload: { taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' } }, headers: { 'idempotency-key': key() } };
    expect((await t.as(BUYER, opts)).json()).toEqual({ taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' } });
    expect((await t.as(BUYER, opts)).statusCode).toBe(200);
    await t.as(SUPPORT, { method: 'POST', url, payload: { taxCodeMapping: { taxableCode: 'P1', nonTaxableCode: 'P0' } } });
    expect((await t.as(BUYER, { method: 'GET', url })).json()).toEqual({ taxCodeMapping: { taxableCode: 'P1', nonTaxableCode: 'P0' } });
    expect((await history('buyerSettings')).length).toBe(2);
  });

  it('buyers only', async () => {
    expect((await t.as(OTHER_BUYER, { method: 'GET', url: '/api/buyer/UNIWESTMERE1' })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/buyer/UNIWESTMERE1' })).statusCode).toBe(403);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/buyer/SUPACMESCI01' })).statusCode).toBe(403);
    expect((await t.as(SUPPORT, { method: 'GET', url: '/api/buyer/SUPACMESCI01' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: '/api/buyer/UNIWESTMERE1' })).statusCode).toBe(401);
  });
});

describe('customer', () => {
  it('GET /seller/{id}/buyer/{id} names the buyer to the supplier, once they trade', async () => {
    const url = '/api/seller/SUPACMESCI01/buyer/UNINORTHGATE';
    // No orders, pricelist or account code between them yet: not a customer, and the university's address stays private.
    expect((await t.as(SUPPLIER, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.as(SUPPORT, { method: 'GET', url })).statusCode).toBe(200);
    const code = await t.as(OTHER_BUYER, { method: 'POST', url: '/api/buyer/UNINORTHGATE/seller/SUPACMESCI01/props', payload: { supplierCode: 'ACME-7' } });
    expect(code.statusCode).toBe(200);
    const res = await t.as(SUPPLIER, { method: 'GET', url });
    expect(customerSchema.parse(res.json())).toMatchObject({ uniqueKey: 'UNINORTHGATE' });
    // Another supplier does not become the university's customer by it.
    expect((await t.as(OTHER_SUPPLIER, { method: 'GET', url: '/api/seller/SUPBIOLAB001/buyer/UNINORTHGATE' })).statusCode).toBe(404);
    expect((await t.as(SUPPLIER, { method: 'GET', url: '/api/seller/SUPACMESCI01/buyer/SUPBIOLAB001' })).statusCode).toBe(404);
    expect((await t.as(BUYER, { method: 'GET', url: '/api/seller/SUPACMESCI01/buyer/UNIWESTMERE1' })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url: '/api/seller/SUPACMESCI01/buyer/UNIWESTMERE1' })).statusCode).toBe(401);
  });
});
