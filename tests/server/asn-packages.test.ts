import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_NAMES } from '../../src/domain/constants';
import { asnPackageErrors } from '../../src/domain/rules/asn-packages';
import { asnSchema } from '../../src/domain/schemas/asn';
import { orderSchema } from '../../src/domain/schemas/orders';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { dtdErrors } from './helpers/cxml-dtd';
import { ACME, WESTMERE, demoOrder, newKey, runExport } from './helpers/orders-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const SUPPLIER = 'supplier@acme.demo.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
  const added = await t.as(SUPPLIER, { method: 'POST', url: `/api/org/${ACME}/property`, payload: { property: PROPERTY_NAMES.gs1CompanyPrefix, value: '0614141' } });
  expect(added.statusCode).toBeLessThan(300);
});
afterAll(() => t.close());

const post = (url: string, payload?: object) => t.as(SUPPLIER, { method: 'POST', url, headers: { 'idempotency-key': newKey() }, ...(payload ? { payload } : {}) });

async function packedBody(packages: (lines: Array<{ number: number; quantity: number }>, ssccs: string[]) => object[]) {
  const row = await demoOrder(t, { unshipped: true, state: 'Acknowledged' });
  await t.db.updateTable('orders').set({ state: 'Acknowledged (test)' }).where('id', '=', row.id).execute();
  const order = orderSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/order/${row.id}` })).json());
  const lines = order.lines.map((l) => ({ number: l.number, quantity: l.quantity, uom: l.uom }));
  const { ssccs } = (await post(`/api/seller/${ACME}/sscc`, { count: 2 })).json() as { ssccs: string[] };
  return {
    orderNumber: order.orderNo,
    noticeDate: '2026-11-01',
    shipmentDate: '2026-11-02',
    carrierName: 'StarTrack',
    lines,
    packages: packages(lines, ssccs),
  };
}

describe('an ASN with packages', () => {
  it('is stored with its pallet and cartons, answered with them, and its cXML carries them and validates against Fulfill.dtd', async () => {
    const body = await packedBody((lines, [pallet, carton]) => [
      { kind: 'pallet', sscc: pallet, parent: null, lines: [] },
      { kind: 'carton', sscc: carton, parent: 0, lines: lines.map(({ number, quantity }) => ({ number, quantity })) },
    ]);
    const res = await post(`/api/seller/${ACME}/buyer/${WESTMERE}/asn`, body);
    expect(res.statusCode).toBe(201);
    const asn = asnSchema.parse(res.json());
    expect(asn.packages).toEqual((body as { packages: unknown }).packages);
    const again = asnSchema.parse((await t.as(SUPPLIER, { method: 'GET', url: `/api/seller/${ACME}/asn/${asn.id}` })).json());
    expect(again.packages).toEqual(asn.packages);

    const job = await runExport(t, ACME, await post(`/api/seller/${ACME}/asn/${asn.id}/actions/export`));
    expect(job.state).toBe('done');
    const xml = readFileSync(join(t.config.dataDir, 'exports', WESTMERE, 'asn', `ASN-${asn.shipmentId}.xml`), 'utf8');
    const [pallet, carton] = asn.packages!.map((p) => p.sscc!);
    expect(xml).toContain(`<ShippingContainerSerialCode>${carton}</ShippingContainerSerialCode><ShippingContainerSerialCodeReference>${pallet}</ShippingContainerSerialCodeReference>`);
    expect(xml.match(/<Packaging>/g)).toHaveLength(asn.lines.length);
    expect(dtdErrors(xml)).toEqual([]);
  });

  it('refuses an SSCC never issued to the supplier (well formed, on its prefix, beyond its counter), and packing more than the ASN ships', async () => {
    const foreign = '006141419999999994';
    const unissued = await packedBody(() => [{ kind: 'carton', sscc: foreign, parent: null, lines: [] }]);
    const refused = await post(`/api/seller/${ACME}/buyer/${WESTMERE}/asn`, unissued);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: string[] }).errors).toEqual([asnPackageErrors.notIssued(foreign)]);

    const over = await packedBody((lines, [sscc]) => [{ kind: 'carton', sscc, parent: null, lines: [{ number: lines[0]!.number, quantity: lines[0]!.quantity + 1 }] }]);
    const res = await post(`/api/seller/${ACME}/buyer/${WESTMERE}/asn`, over);
    expect(res.statusCode).toBe(400);
    const line = (over as { lines: Array<{ number: number; quantity: number }> }).lines[0]!;
    expect((res.json() as { errors: string[] }).errors).toEqual([asnPackageErrors.overPacked(line.number, line.quantity + 1, line.quantity)]);
  });
});
