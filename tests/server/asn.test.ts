import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../../src/domain/messages';
import { asnErrors } from '../../src/domain/rules/asn';
import { asnSchema } from '../../src/domain/schemas/asn';
import { historyEntrySchema, orderSchema } from '../../src/domain/schemas/orders';
import { seedOrders } from '../../server/db/demo/seed-orders';
import { poFileName } from '../../server/edi/po-document';
import { ACME, SUPPORT, WESTMERE, demoOrder, matrix, newKey, runExport } from './helpers/orders-fixtures';
import { dtdErrors } from './helpers/cxml-dtd';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrders(t.db);
});
afterAll(() => t.close());

const SUPPLIER = 'supplier@acme.demo.test';
const submitUrl = `/api/seller/${ACME}/buyer/${WESTMERE}/asn`;
const get = (user: string | null, url: string) => t.as(user, { method: 'GET', url });
const post = (user: string | null, url: string, payload?: object, key = newKey()) =>
  t.as(user, { method: 'POST', url, headers: { 'idempotency-key': key }, ...(payload ? { payload } : {}) });

async function orderLines(orderId: number) {
  return orderSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/order/${orderId}`)).json()).lines;
}

/** A valid submit body shipping `fraction` of every line of a not yet shipped order. */
async function body(orderNo: string, orderId: number, fraction = 1) {
  const lines = (await orderLines(orderId)).map((l) => ({ number: l.number, quantity: Math.round(l.quantity * fraction * 100) / 100, uom: l.uom }));
  return {
    orderNumber: orderNo,
    noticeDate: '2026-11-01',
    deliveryDate: '2026-11-04',
    shipmentDate: '2026-11-02',
    carrierName: 'StarTrack & Sons <Express>',
    trackingId: 'ST-0001',
    shipFrom: { name: 'Acme Dispatch', postalAddressCity: 'Alexandria', postalAddressCountryCode: 'AU' },
    shipTo: { name: 'Bio21 Store', postalAddressCity: 'Parkville' },
    lines: lines.filter((l) => l.quantity > 0),
  };
}

async function freshOrder() {
  const row = await demoOrder(t, { unshipped: true, state: 'Acknowledged' });
  // Keep later tests from picking the same order.
  await t.db.updateTable('orders').set({ state: 'Acknowledged (test)' }).where('id', '=', row.id).execute();
  return row;
}

describe('ASN submit', () => {
  it('creates a submitted ASN waiting for action, updates the order, writes history; a replay applies once', async () => {
    const order = await freshOrder();
    const key = newKey();
    const payload = await body(order.order_no, order.id, 0.5);
    const res = await post(SUPPLIER, submitUrl, payload, key);
    expect(res.statusCode).toBe(201);
    const asn = asnSchema.parse(res.json());
    expect(asn).toMatchObject({ state: 'SUBMITTED', exported: false, waitingForAction: true, orderNumber: order.order_no, shipmentId: `${order.order_no}-S1` });
    expect(asn.carrierName).toBe(payload.carrierName);
    expect(asn.shipFrom.postalAddressStreet).toBe('');

    const replay = await post(SUPPLIER, submitUrl, payload, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(res.json());
    const count = await t.db.selectFrom('asns').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const updated = orderSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/order/${order.id}`)).json());
    expect(updated.state).toBe('Partially Shipped');
    const history = z.array(historyEntrySchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}/history`)).json());
    expect(history.map((h) => h.type)).toEqual(['SUBMITTED']);
    expect(messages.asnSaved).toBe('Asn record saved');
  });

  it('refuses to ship more than is left after earlier ASNs, and ships the rest exactly', async () => {
    const order = await freshOrder();
    expect((await post(SUPPLIER, submitUrl, await body(order.order_no, order.id, 0.5))).statusCode).toBe(201);
    const lines = await orderLines(order.id);
    const over = await body(order.order_no, order.id, 1);
    const res = await post(SUPPLIER, submitUrl, over);
    expect(res.statusCode).toBe(400);
    const first = lines[0]!;
    const left = Math.round((first.quantity - Math.round(first.quantity * 0.5 * 100) / 100) * 100) / 100;
    expect(res.json().errors).toContain(asnErrors.overShipped(first.number, first.quantity, left));
    // The same errors by field: each over-shipped line's quantity.
    expect(res.json().fieldErrors).toContainEqual({ field: `line.${first.number}.quantity`, message: asnErrors.overShipped(first.number, first.quantity, left) });
    expect(res.json().fieldErrors.map((e: { message: string }) => e.message)).toEqual(res.json().errors);

    const shipped = await t.db
      .selectFrom('asn_lines as l')
      .innerJoin('asns as a', 'a.id', 'l.asn_id')
      .select(['l.number', 'l.quantity'])
      .where('a.order_id', '=', order.id)
      .execute();
    const rest = lines
      .map((l) => ({ number: l.number, uom: l.uom, quantity: Math.round((l.quantity - shipped.filter((s) => s.number === l.number).reduce((n, s) => n + s.quantity, 0)) * 100) / 100 }))
      .filter((l) => l.quantity > 0);
    const ok = await post(SUPPLIER, submitUrl, { ...over, lines: rest });
    expect(ok.statusCode).toBe(201);
    expect(asnSchema.parse(ok.json()).shipmentId).toBe(`${order.order_no}-S2`);
    expect(orderSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/order/${order.id}`)).json()).state).toBe('Shipped');
    const nothingLeft = await post(SUPPLIER, submitUrl, { ...over, lines: [{ number: lines[0]!.number, quantity: 0.01, uom: 'EA' }] });
    expect(nothingLeft.json()).toEqual({
      errors: [asnErrors.overShipped(lines[0]!.number, 0.01, 0)],
      fieldErrors: [{ field: `line.${lines[0]!.number}.quantity`, message: asnErrors.overShipped(lines[0]!.number, 0.01, 0) }],
    });
  });

  it('two concurrent submits of everything that is left cannot both pass', async () => {
    const order = await freshOrder();
    const payload = await body(order.order_no, order.id, 1);
    const [a, b] = await Promise.all([post(SUPPLIER, submitUrl, payload), post(SUPPLIER, submitUrl, payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
  });

  it('rejects every rule of the spec with its error, and names the field of each', async () => {
    const order = await freshOrder();
    const valid = await body(order.order_no, order.id, 0.1);
    const lineNo = valid.lines[0]!.number;
    const cases: Array<[object, string, string]> = [
      [{ shipmentDate: '' }, 'shipmentDate', asnErrors.shipmentDateRequired],
      [{ noticeDate: null }, 'noticeDate', asnErrors.issueDateRequired],
      [{ orderNumber: '' }, 'orderNumber', asnErrors.orderNumberRequired],
      [{ shipmentDate: '2026-02-30' }, 'shipmentDate', asnErrors.invalidDate('Shipment date')],
      [{ lines: [] }, 'lines', asnErrors.linesRequired],
      [{ lines: [{ number: lineNo, quantity: 0, uom: 'EA' }] }, `line.${lineNo}.quantity`, asnErrors.quantityZero(lineNo)],
      [{ lines: [{ number: lineNo, quantity: -2, uom: 'EA' }] }, `line.${lineNo}.quantity`, asnErrors.quantityNegative(lineNo)],
      [{ lines: [{ number: lineNo, quantity: 0.123, uom: 'EA' }] }, `line.${lineNo}.quantity`, asnErrors.quantityDecimals(lineNo)],
      [{ lines: [{ number: 99, quantity: 1, uom: 'EA' }] }, 'line.99.quantity', asnErrors.unknownLine(99)],
      [{ carrierName: 'c'.repeat(121) }, 'carrierName', asnErrors.tooLong('Carrier name', 120)],
      [{ trackingId: 't'.repeat(31) }, 'trackingId', asnErrors.tooLong('Tracking ID', 30)],
      [{ shipTo: { postalAddressPostcode: '1'.repeat(16) } }, 'shipTo.postalAddressPostcode', asnErrors.tooLong('Ship To postcode', 15)],
      [{ shipFrom: { postalAddressCountryCode: 'AUS' } }, 'shipFrom.postalAddressCountryCode', asnErrors.tooLong('Ship From country code', 2)],
      [{ lines: [{ number: lineNo, quantity: 1, uom: 'CARTONS-X' }] }, `line.${lineNo}.uom`, asnErrors.tooLong(`Line ${lineNo} UOM`, 8)],
      [{ orderNumber: 'PO-NOPE-1' }, 'orderNumber', messages.unknownOrder],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(SUPPLIER, submitUrl, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      // `errors` stays the spec's list of texts (the toast joins it); `fieldErrors` adds where each belongs.
      expect(res.json(), JSON.stringify(change)).toEqual({ errors: [message], fieldErrors: [{ field, message }] });
    }
    const badType = await post(SUPPLIER, submitUrl, { ...valid, lines: [{ number: 'one', quantity: 1 }] });
    expect(badType.statusCode).toBe(400);
    // A malformed body is no rule error: `errors` only.
    expect(badType.json().fieldErrors).toBeUndefined();
    const count = await t.db.selectFrom('asns').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses an order of another customer, a cancelled order, and a buyer key that is no university', async () => {
    const order = await freshOrder();
    const payload = await body(order.order_no, order.id, 0.1);
    const other = await post(SUPPLIER, `/api/seller/${ACME}/buyer/UNINORTHGATE/asn`, payload);
    expect(other.json()).toEqual({ errors: [messages.unknownOrder], fieldErrors: [{ field: 'orderNumber', message: messages.unknownOrder }] });
    expect((await post(SUPPLIER, `/api/seller/${ACME}/buyer/SUPBIOLAB001/asn`, payload)).statusCode).toBe(404);
    await t.db.updateTable('orders').set({ state: 'Cancelled' }).where('id', '=', order.id).execute();
    expect((await post(SUPPLIER, submitUrl, payload)).json()).toEqual({
      errors: [asnErrors.orderCancelled],
      fieldErrors: [{ field: 'orderNumber', message: asnErrors.orderCancelled }],
    });
  });

  it('only suppliers (and support acting for one) create ASNs', async () => {
    const order = await freshOrder();
    const payload = await body(order.order_no, order.id, 0.01);
    expect(await matrix(t, 'seller', () => ({ method: 'POST', url: submitUrl, payload }))).toEqual([201, 403, 403, 201, 401]);
  });
});

describe('ASN list and detail', () => {
  it('pages the supplier\'s ASNs newest first and filters by order number', async () => {
    const page = z.array(asnSchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn`)).json());
    expect(page).toHaveLength(20);
    expect(page.every((a) => a.sellerId === ACME)).toBe(true);
    const created = page.map((a) => a.createdDate);
    expect([...created].sort().reverse()).toEqual(created);
    const next = z.array(asnSchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn?offset=20&limit=5`)).json());
    expect(next).toHaveLength(5);
    expect(next.some((a) => page.some((p) => p.id === a.id))).toBe(false);

    const one = page[0]!;
    const filtered = z.array(asnSchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn?orderNumber=${one.orderNumber}`)).json());
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((a) => a.orderNumber === one.orderNumber)).toBe(true);
    expect((await get(SUPPLIER, `/api/seller/${ACME}/asn?limit=101`)).statusCode).toBe(400);
  });

  it('buyers read the ASNs of their orders, not of others', async () => {
    const mine = z.array(asnSchema).parse((await get('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/asn?limit=100`)).json());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.buyerId === WESTMERE)).toBe(true);
    const detail = await get('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/asn/${mine[0]!.id}`);
    expect(asnSchema.parse(detail.json()).id).toBe(mine[0]!.id);
    expect((await get('buyer@northgate.demo.test', `/api/buyer/UNINORTHGATE/asn/${mine[0]!.id}`)).statusCode).toBe(404);
    expect((await get('admin@biolab.demo.test', `/api/seller/SUPBIOLAB001/asn/${mine[0]!.id}`)).statusCode).toBe(404);
  });

  it('authorization of list, detail and history', async () => {
    const asn = await t.db.selectFrom('asns').select('id').where('seller_key', '=', ACME).where('buyer_key', '=', WESTMERE).executeTakeFirstOrThrow();
    expect(await matrix(t, 'seller', () => ({ method: 'GET', url: `/api/seller/${ACME}/asn` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'buyer', () => ({ method: 'GET', url: `/api/buyer/${WESTMERE}/asn` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'seller', () => ({ method: 'GET', url: `/api/seller/${ACME}/asn/${asn.id}` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'buyer', () => ({ method: 'GET', url: `/api/buyer/${WESTMERE}/asn/${asn.id}` }))).toEqual([200, 403, 403, 200, 401]);
    expect(await matrix(t, 'seller', () => ({ method: 'GET', url: `/api/seller/${ACME}/asn/${asn.id}/history` }))).toEqual([200, 403, 403, 200, 401]);
  });
});

describe('ASN export', () => {
  async function waitingAsn() {
    const order = await freshOrder();
    const res = await post(SUPPLIER, submitUrl, await body(order.order_no, order.id, 0.5));
    return asnSchema.parse(res.json());
  }

  it('delivers a ShipNoticeRequest as a job: nothing says exported until it went; a second export is refused; a replay answers the same', async () => {
    const asn = await waitingAsn();
    const key = newKey();
    const url = `/api/seller/${ACME}/asn/${asn.id}/actions/export`;
    const res = await post(SUPPLIER, url, undefined, key);
    expect(res.statusCode).toBe(202);
    // Queued, not delivered: the notice is neither exported nor queued twice by a second click.
    expect(asnSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}`)).json())).toMatchObject({ exported: false, waitingForAction: true });
    const second = await post(SUPPLIER, url);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(res.json());
    const job = await runExport(t, ACME, res);
    expect(job).toMatchObject({ kind: 'edi-export', state: 'done', error: null, result: { channel: 'LOCAL', fileName: `ASN-${asn.shipmentId}.xml` } });
    const file = join(t.config.dataDir, 'exports', WESTMERE, 'asn', `ASN-${asn.shipmentId}.xml`);
    expect(existsSync(file)).toBe(true);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain(`<ShipNoticeHeader shipmentID="${asn.shipmentId}"`);
    expect(xml).toContain('StarTrack &amp; Sons &lt;Express&gt;');
    expect(xml).toContain(`<OrderReference orderID="${asn.orderNumber}"`);
    expect(dtdErrors(xml)).toEqual([]);
    expect(xml).toContain(`payloadID="${(job.result as { payloadId: string }).payloadId}"`);
    // The notice refers to the order's OrderRequest by the payloadID an order export then carries too.
    const orderPayload = /<DocumentReference payloadID="([^"]+)"\/><\/OrderReference>/.exec(xml)?.[1];
    expect(orderPayload).toMatch(/^\d{13}\.[0-9a-f]{16}@.+$/);
    await t.db.updateTable('orders').set({ can_export: 1 }).where('id', '=', asn.orderId).execute();
    const orderJob = await runExport(t, ACME, await post(SUPPLIER, `/api/seller/${ACME}/order/${asn.orderId}/actions/export`));
    expect(orderJob.state).toBe('done');
    const orderXml = readFileSync(join(t.config.dataDir, 'exports', WESTMERE, 'po', poFileName({ orderNo: asn.orderNumber })), 'utf8');
    expect(orderXml).toContain(`<cXML payloadID="${orderPayload}"`);

    const replay = await post(SUPPLIER, url, undefined, key);
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(res.json());
    const again = await post(SUPPLIER, url);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([asnErrors.alreadyExported]);
    const detail = asnSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}`)).json());
    expect(detail).toMatchObject({ exported: true, waitingForAction: false });
    const history = z.array(historyEntrySchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}/history?type=EXPORTED`)).json());
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ user: 'Simon Supplier', description: `ASN ${asn.shipmentId} exported via LOCAL as ASN-${asn.shipmentId}.xml` });
    expect(messages.asnExported).toBe('ASN exported successfully!');
  });

  it('refuses an ASN that is not waiting for action', async () => {
    const asn = await waitingAsn();
    await t.db.updateTable('asns').set({ waiting_for_action: 0 }).where('id', '=', asn.id).execute();
    const res = await post(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}/actions/export`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([asnErrors.notWaitingForAction]);
  });

  it('on a delivery failure keeps it unexported, fails the job and writes an EXPORT_FAILED entry with the error', async () => {
    const asn = await waitingAsn();
    const westmere = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', WESTMERE).executeTakeFirstOrThrow();
    const setting = await t.db
      .insertInto('edi_export_settings')
      .values({ org_no: westmere.org_no, doc_type: 'asn', order_format: 0, type: 'EMAIL', ftp_server: null, ftp_dir: null, ftp_user: null, password: null, endpoint: ' ', rev: 0, deleted: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/seller/${ACME}/asn/${asn.id}/actions/export`;
    try {
      const job = await runExport(t, ACME, await post(SUPPLIER, url));
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/^ASN export failed: .*no recipient address/);
      const detail = asnSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}`)).json());
      expect(detail).toMatchObject({ exported: false, waitingForAction: true });
      const failed = z.array(historyEntrySchema).parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}/history?type=EXPORT_FAILED`)).json());
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ type: 'EXPORT_FAILED', action: 'Export failed', user: 'Simon Supplier' });
      expect(failed[0]!.description).toContain('no recipient address');
    } finally {
      await t.db.deleteFrom('edi_export_settings').where('id', '=', setting.id).execute();
    }
    // Once the setting is fixed, a new request exports it.
    const retry = await runExport(t, ACME, await post(SUPPLIER, url));
    expect(retry.state).toBe('done');
    expect(asnSchema.parse((await get(SUPPLIER, `/api/seller/${ACME}/asn/${asn.id}`)).json()).exported).toBe(true);
  });

  it('the demo data holds ASNs with export failures', async () => {
    const failed = await t.db.selectFrom('history').select('entity_key').where('entity', '=', 'asn').where('type', '=', 'EXPORT_FAILED').execute();
    expect(failed.length).toBeGreaterThan(0);
  });

  it('only the supplier (and support) may export; buyers have no export path', async () => {
    const asns = [await waitingAsn(), await waitingAsn()];
    const codes = await matrix(t, 'seller', () => {
      return { method: 'POST', url: `/api/seller/${ACME}/asn/${asns[0]!.id}/actions/export` };
    });
    expect(codes.slice(1, 3)).toEqual([403, 403]);
    // Support's request joins the export the owner queued.
    expect(codes[0]).toBe(202);
    expect(codes[3]).toBe(202);
    expect(codes[4]).toBe(401);
    const bySupport = await runExport(t, ACME, await post(SUPPORT, `/api/seller/${ACME}/asn/${asns[1]!.id}/actions/export`));
    expect(bySupport.state).toBe('done');
    expect((await post('buyer@uni.demo.test', `/api/buyer/${WESTMERE}/asn/${asns[1]!.id}/actions/export`)).statusCode).toBe(404);
  });
});
