import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asnErrors } from '../../src/domain/rules/asn';
import { cxmlCredentialViewSchema, cxmlInboundEntrySchema } from '../../src/domain/schemas/cxml-credential';
import { orderSchema } from '../../src/domain/schemas/orders';
import { seedCxmlCredentials } from '../../server/db/demo/seed-cxml-credentials';
import { readCxml } from '../../server/edi/inbound/read-cxml';
import { CXML_DIR } from './helpers/cxml-dtd';
import { OLD_PRODUCT_COLUMNS } from './helpers/old-product-row';
import { orderRequestXml, profileRequestXml } from './helpers/cxml-orders';
import { createTestApp, type TestApp } from './helpers/test-app';

const SECRET = 'westmere-cxml-secret-1';
const SUPPORT = 'support@demo.test';

let t: TestApp;
let n = 0;
const payload = () => `test-${Date.now()}-${++n}@tests`;

async function post(body: string | Buffer, opts: { contentType?: string; source?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/cxml',
    headers: { 'content-type': opts.contentType ?? 'text/xml' },
    payload: body,
    remoteAddress: opts.source ?? '203.0.113.10',
  });
  const status = /<Status code="(\d+)" text="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/Status>)/.exec(res.body);
  return { http: res.statusCode, code: Number(status?.[1]), text: status?.[2] ?? '', message: status?.[3] ?? '', body: res.body, type: res.headers['content-type'] };
}

async function orderRows(orderNo: string) {
  return t.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).execute();
}

/** Unread for the supplier: read from the row, since opening the order (the detail call) marks it read. */
async function sellerRead(orderNo: string): Promise<boolean> {
  const [row] = await orderRows(orderNo);
  return row!.seller_read === 1;
}

async function sellerOrder(orderNo: string) {
  const [row] = await orderRows(orderNo);
  const res = await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/seller/SUPACMESCI01/order/${row!.id}` });
  return orderSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  const put = (org: string, body: unknown) => t.as(SUPPORT, { method: 'PUT', url: `/api/org/${org}/cxml-credential`, payload: body as object });
  expect(
    (
      await put('UNIWESTMERE1', {
        identities: [
          { domain: 'NetworkID', identity: 'UNIWESTMERE1' },
          { domain: 'duns', identity: 'dell' },
          { domain: 'NetworkId', identity: 'inbound@prominate-platform.com' },
        ],
        sharedSecret: SECRET,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await put('SUPACMESCI01', {
        identities: [
          { domain: 'NetworkID', identity: 'SUPACMESCI01' },
          { domain: 'DUNS', identity: '128293714' },
          { domain: 'NetworkId', identity: 'supplier@supplier.com' },
        ],
      })
    ).statusCode,
  ).toBe(200);
  // Acme's own code for litres: a Rec 20 LTR on an order becomes LITRE.
  const acme = await t.db.selectFrom('orgs').select('org_no').where('unique_key', '=', 'SUPACMESCI01').executeTakeFirstOrThrow();
  await t.db.insertInto('uom_mappings').values({ org_no: acme.org_no, standard_unit: 'L', code: 'LITRE', rev: 0 }).execute();
  // One product of the orders below is in Acme's catalogue; the others are free-text lines.
  await t.db
    .insertInto('products')
    .values({ ...OLD_PRODUCT_COLUMNS, seller_key: 'SUPACMESCI01', product_code: 'ACM-100131', search: 'acm-100131', wire: '', prices_wire: '[]', updated_at: '2026-01-01', rev: 0, deleted: 0 } as never)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('cXML credentials', () => {
  it('answers the secret only as set, to admins and support, and keeps it out of history', async () => {
    const view = cxmlCredentialViewSchema.parse((await t.as('buyer@uni.demo.test', { method: 'GET', url: '/api/org/UNIWESTMERE1/cxml-credential' })).json());
    expect(view.sharedSecretSet).toBe(true);
    expect(view.identities).toContainEqual({ domain: 'duns', identity: 'dell' });
    const raw = await t.as(SUPPORT, { method: 'GET', url: '/api/org/UNIWESTMERE1/cxml-credential' });
    expect(raw.body).not.toContain(SECRET);
    expect((await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/org/UNIWESTMERE1/cxml-credential' })).statusCode).toBe(403);
    const history = await t.db.selectFrom('history').select('description').where('type', '=', 'CXML_CREDENTIAL').execute();
    expect(history.length).toBeGreaterThan(0);
    for (const h of history) expect(h.description).not.toContain(SECRET);
    const stored = await t.db.selectFrom('cxml_credentials').select('secret_hash').where('org_key', '=', 'UNIWESTMERE1').executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(SECRET);
  });

  it('refuses an identity another organisation holds, and a short secret', async () => {
    const taken = await t.as(SUPPORT, { method: 'PUT', url: '/api/org/UNINORTHGATE/cxml-credential', payload: { identities: [{ domain: 'Duns', identity: 'dell' }] } });
    expect(taken.statusCode).toBe(409);
    const short = await t.as(SUPPORT, { method: 'PUT', url: '/api/org/UNINORTHGATE/cxml-credential', payload: { identities: [], sharedSecret: 'short' } });
    expect(short.statusCode).toBe(400);
  });
});

describe('POST /cxml OrderRequest', () => {
  it('creates the order of the Coupa sample (header ship-to, non-catalogue lines marked)', async () => {
    const sample = readFileSync(join(CXML_DIR, 'samples', 'OrderRequest.officeluv-coupa-1.2.014.xml'), 'utf8').replace(
      '<Identity>dell</Identity>\n            <!-- same as From -->',
      `<Identity>dell</Identity><SharedSecret>${SECRET}</SharedSecret>`,
    );
    const res = await post(sample);
    expect(res).toMatchObject({ http: 200, code: 200, text: 'OK' });
    expect(res.type).toMatch(/text\/xml/);
    expect(res.body).toMatch(/payloadID="[^"]+" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"/);
    expect(readCxml(new TextEncoder().encode(res.body)).ok).toBe(true);
    expect(await sellerRead('6112')).toBe(false);
    const order = await sellerOrder('6112');
    expect(order).toMatchObject({ state: 'New', buyerId: 'UNIWESTMERE1', raisedBy: 'j maddedn', orderTotalCurrency: 'USD', orderTotalExtTax: 4515 });
    expect(order.shipTo).toMatchObject({ name: 'j maddedn', postalAddressName: 'jmadden', postalAddressCity: 'san leandro', postalAddressCountryCode: 'US' });
    expect(order.lines.map((l) => [l.number, l.quantity, l.uom, l.freeText, l.lineComment])).toEqual([
      [1, 1, 'EA', true, 'line item comment goes here if entered by user'],
      [2, 2, 'EA', true, 'line item comment goes here if entered by user'],
    ]);
    const history = await t.db.selectFrom('history').select(['action', 'description']).where('entity', '=', 'order').where('entity_key', '=', String(order.id)).execute();
    expect(history).toEqual([{ action: 'Received', description: '2 lines, 2 not in the catalogue' }]);
  });

  it('creates the order of the cXML User Guide sample (cXML 1.2.050, NetworkId credentials)', async () => {
    const sample = readFileSync(join(CXML_DIR, 'samples', 'OrderRequest.cxml-php-1.2.050.xml'), 'utf8').replace('<SharedSecret>coyote</SharedSecret>', `<SharedSecret>${SECRET}</SharedSecret>`);
    const res = await post(sample);
    expect(res).toMatchObject({ http: 200, code: 200 });
    const order = await sellerOrder('DO1234');
    expect(order.lines.length).toBe(2);
    expect(order.orderTotalCurrency).toBe('EUR');
  });

  for (const system of ['coupa', 'ariba', 'unimarket'] as const) {
    it(`creates an order as ${system} sends it: several lines, tax, comments, UOM through the supplier's mapping`, async () => {
      const orderId = `PO-${system.toUpperCase()}-1`;
      const res = await post(orderRequestXml({ system, payloadId: payload(), orderId, secret: SECRET }));
      expect(res).toMatchObject({ http: 200, code: 200 });
      const order = await sellerOrder(orderId);
      expect(order.lines.map((l) => [l.supplierProductCode, l.quantity, l.uom, l.unitPrice, l.freeText])).toEqual([
        ['ACM-100131', 4, 'BX', 12.5, false],
        ['NOT-IN-CATALOGUE-9', 2.5, 'LITRE', 30, true],
        ['ACM-100210', 1, 'H87', 99.99, true],
      ]);
      expect(order.lines[1]!.description).toBe('Ethanol absolute & dry <AR>');
      expect(order.orderTotalExtTax).toBe(224.99);
      expect(order.taxTotal).toBe(system === 'coupa' ? 0 : 12.5);
      expect(order.lines[0]!.lineComment).toContain('Urgent: grant deadline');
      if (system === 'ariba') {
        // The line shipping elsewhere than the order says where.
        expect(order.lines[1]!.lineComment).toContain('Ship to: Store 1, University of Westmere, Medical Sciences, Store 1');
        expect(order.lines[0]!.lineComment).not.toContain('Ship to');
        expect(order.shipTo.postalAddressStreet).toBe('Bio21 Institute, 30 Flemington Road');
      }
    });
  }

  it('updates to a newer version: lines replaced, unread again, history names the changes', async () => {
    const first = payload();
    await post(orderRequestXml({ payloadId: first, orderId: 'PO-UPD-1', secret: SECRET }));
    const [row] = await orderRows('PO-UPD-1');
    await t.as('supplier@acme.demo.test', { method: 'POST', url: `/api/seller/SUPACMESCI01/order/${row!.id}/actions/read` });
    expect(await sellerRead('PO-UPD-1')).toBe(true);
    const second = payload();
    const res = await post(
      orderRequestXml({
        payloadId: second,
        orderId: 'PO-UPD-1',
        type: 'update',
        version: 2,
        replaces: first,
        secret: SECRET,
        lines: [{ code: 'ACM-100131', quantity: 6, price: 12.5, uom: 'BX', description: 'Nitrile gloves, M (100)', comment: 'Urgent: grant deadline', tax: 7.5 }],
      }),
    );
    expect(res).toMatchObject({ http: 200, code: 200 });
    expect(await sellerRead('PO-UPD-1')).toBe(false);
    const order = await sellerOrder('PO-UPD-1');
    expect(order.lines.map((l) => [l.number, l.quantity])).toEqual([[1, 6]]);
    const history = await t.as('supplier@acme.demo.test', { method: 'GET', url: `/api/seller/SUPACMESCI01/order/${row!.id}/history` });
    const [latest] = history.json<Array<{ action: string; description: string }>>();
    expect(latest!.action).toBe('Updated to version 2');
    expect(latest!.description).toBe('line 1: quantity 4 BX -> 6 BX; line 2 removed; line 3 removed');

    const stale = await post(orderRequestXml({ payloadId: payload(), orderId: 'PO-UPD-1', type: 'update', version: 3, replaces: first, secret: SECRET }));
    expect(stale).toMatchObject({ http: 409, code: 409 });
    expect(stale.message).toContain(`version 2, payloadID ${second}`);
    const notNewer = await post(orderRequestXml({ payloadId: payload(), orderId: 'PO-UPD-1', type: 'update', version: 2, replaces: second, secret: SECRET }));
    expect(notNewer).toMatchObject({ http: 409, code: 409 });
    const unknown = await post(orderRequestXml({ payloadId: payload(), orderId: 'PO-NEVER', type: 'update', version: 2, replaces: second, secret: SECRET }));
    expect(unknown).toMatchObject({ http: 409, code: 409 });
    expect((await sellerOrder('PO-UPD-1')).lines.map((l) => l.quantity)).toEqual([6]);
  });

  it('cancels on delete', async () => {
    const first = payload();
    await post(orderRequestXml({ payloadId: first, orderId: 'PO-DEL-1', secret: SECRET }));
    const res = await post(orderRequestXml({ payloadId: payload(), orderId: 'PO-DEL-1', type: 'delete', replaces: first, secret: SECRET }));
    expect(res).toMatchObject({ http: 200, code: 200 });
    const order = await sellerOrder('PO-DEL-1');
    expect(order.state).toBe('Cancelled');
    const history = await t.db.selectFrom('history').select('action').where('entity', '=', 'order').where('entity_key', '=', String(order.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history.action).toBe('Cancelled by the buyer');
  });

  it('answers a replay the same and applies it once, also for two copies at once', async () => {
    const doc = orderRequestXml({ payloadId: payload(), orderId: 'PO-REPLAY-1', secret: SECRET });
    const first = await post(doc);
    const again = await post(doc);
    expect(again.body).toBe(first.body);
    expect(await orderRows('PO-REPLAY-1')).toHaveLength(1);

    const twin = orderRequestXml({ payloadId: payload(), orderId: 'PO-TWIN-1', secret: SECRET });
    const [a, b] = await Promise.all([post(twin), post(twin)]);
    expect(a.body).toBe(b.body);
    expect(a.code).toBe(200);
    const rows = await orderRows('PO-TWIN-1');
    expect(rows).toHaveLength(1);
    const received = await t.db.selectFrom('history').select('id').where('entity', '=', 'order').where('entity_key', '=', String(rows[0]!.id)).execute();
    expect(received).toHaveLength(1);
  });
});

describe('cXML changes of an order with ASNs', () => {
  const asnBody = (orderNo: string, lines: Array<{ number: number; quantity: number; uom: string }>) => ({
    orderNumber: orderNo,
    noticeDate: '2026-11-21',
    deliveryDate: '2026-11-24',
    shipmentDate: '2026-11-22',
    carrierName: 'StarTrack',
    trackingId: 'ST-CXML-1',
    shipFrom: { name: 'Acme Dispatch', postalAddressCity: 'Alexandria', postalAddressCountryCode: 'AU' },
    shipTo: { name: 'Bio21 Store', postalAddressCity: 'Parkville' },
    lines,
  });
  const submitAsn = (orderNo: string, lines: Array<{ number: number; quantity: number; uom: string }>) =>
    t.as('supplier@acme.demo.test', { method: 'POST', url: '/api/seller/SUPACMESCI01/buyer/UNIWESTMERE1/asn', payload: asnBody(orderNo, lines) });

  it('an update keeps a submitted ASN and the state follows what is left to ship', async () => {
    const first = payload();
    await post(orderRequestXml({ payloadId: first, orderId: 'PO-ASN-1', secret: SECRET }));
    expect((await submitAsn('PO-ASN-1', [{ number: 1, quantity: 4, uom: 'BX' }])).statusCode).toBe(201);
    expect((await orderRows('PO-ASN-1'))[0]!.state).toBe('Partially Shipped');
    // The buyer drops lines 2 and 3: what the ASN shipped now covers the whole order.
    const res = await post(
      orderRequestXml({ payloadId: payload(), orderId: 'PO-ASN-1', type: 'update', version: 2, replaces: first, secret: SECRET, lines: [{ code: 'ACM-100131', quantity: 4, price: 12.5, uom: 'BX' }] }),
    );
    expect(res).toMatchObject({ http: 200, code: 200 });
    const [row] = await orderRows('PO-ASN-1');
    expect(row!.state).toBe('Shipped');
    const asns = await t.db.selectFrom('asns').select(['id', 'state']).where('order_id', '=', row!.id).execute();
    expect(asns).toEqual([expect.objectContaining({ state: 'SUBMITTED' })]);
  });

  it('after a delete, an ASN for the order can no longer be submitted', async () => {
    const first = payload();
    await post(orderRequestXml({ payloadId: first, orderId: 'PO-ASN-2', secret: SECRET }));
    await post(orderRequestXml({ payloadId: payload(), orderId: 'PO-ASN-2', type: 'delete', replaces: first, secret: SECRET }));
    const refused = await submitAsn('PO-ASN-2', [{ number: 1, quantity: 1, uom: 'BX' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors).toContain(asnErrors.orderCancelled);
  });
});

describe('POST /cxml refusals', () => {
  const source = '198.51.100.7';
  const ordersBefore = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow()).c);

  it('refuses bad documents with the right status and changes nothing', async () => {
    const before = await ordersBefore();
    const good = orderRequestXml({ payloadId: 'bad-1@tests', orderId: 'PO-BAD-1', secret: SECRET });
    expect(await post('this is not xml', { source })).toMatchObject({ http: 400, code: 400 });
    expect(await post('<invoice><total>1</total></invoice>', { source })).toMatchObject({ http: 400, code: 400 });
    const invalid = await post(good.replace(/<BillTo>[\s\S]*?<\/BillTo>/, ''), { source });
    expect(invalid).toMatchObject({ http: 406, code: 406 });
    expect(invalid.message).toContain('OrderRequestHeader');
    const subset = good.replace('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">', '<!DOCTYPE cXML [<!ENTITY boom "x">]>').replace('PO-BAD-1', '&boom;');
    expect(await post(subset, { source })).toMatchObject({ http: 400, code: 400 });
    const external = good.replace('cXML.dtd">', 'cXML.dtd" [<!ENTITY leak SYSTEM "file:///etc/passwd">]>').replace('PO-BAD-1', '&leak;');
    const leak = await post(external, { source });
    expect(leak).toMatchObject({ http: 400, code: 400 });
    expect(leak.body).not.toContain('root:');
    expect(await post(good.replace('http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd', 'http://evil.example/x.dtd'), { source })).toMatchObject({ http: 406, code: 406 });
    const wrongSecret = await post(orderRequestXml({ payloadId: 'bad-2@tests', orderId: 'PO-BAD-2', secret: 'wrong-secret-12345' }), { source });
    const unknownSender = await post(orderRequestXml({ payloadId: 'bad-3@tests', orderId: 'PO-BAD-3', secret: SECRET, from: { domain: 'NetworkID', identity: 'NOBODY' } }), { source });
    const noSecret = await post(orderRequestXml({ payloadId: 'bad-4@tests', orderId: 'PO-BAD-4', secret: null }), { source });
    expect(wrongSecret).toMatchObject({ http: 401, code: 401 });
    expect(unknownSender).toMatchObject({ http: 401, code: 401, message: wrongSecret.message });
    expect(noSecret).toMatchObject({ http: 401, code: 401 });
    const noSupplier = await post(orderRequestXml({ payloadId: 'bad-5@tests', orderId: 'PO-BAD-5', secret: SECRET, to: { domain: 'NetworkID', identity: 'NO-SUCH-SUPPLIER' } }), { source });
    expect(noSupplier).toMatchObject({ http: 400, code: 400 });
    expect(noSupplier.message).toContain('NO-SUCH-SUPPLIER');
    const badNumber = await post(good.replace('quantity="4"', 'quantity="four"'), { source });
    expect(badNumber).toMatchObject({ http: 400, code: 400 });
    expect(await post(good, { source, contentType: 'application/json' })).toMatchObject({ http: 415 });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    expect(await post(huge, { source })).toMatchObject({ http: 413, code: 413 });
    expect(await ordersBefore()).toBe(before);
  });

  it('logs each refusal with its payloadID for support, and shows them per organisation', async () => {
    const refused = await t.db.selectFrom('cxml_inbound').select(['payload_id', 'http_status', 'status_text']).where('source', '=', source).execute();
    expect(refused.length).toBeGreaterThanOrEqual(12);
    expect(refused.find((r) => r.payload_id === 'bad-2@tests')).toMatchObject({ http_status: 401 });
    const res = await t.as(SUPPORT, { method: 'GET', url: '/api/org/SUPACMESCI01/cxml-inbound' });
    const entries = res.json<unknown[]>().map((e) => cxmlInboundEntrySchema.parse(e));
    expect(entries.find((e) => e.payloadId === 'bad-5@tests')).toBeUndefined();
    expect(entries.find((e) => e.payloadId === 'bad-2@tests')).toMatchObject({ requestType: 'OrderRequest', statusCode: 401 });
    expect(entries.some((e) => e.statusCode === 200)).toBe(true);
    expect((await t.as('supplier@acme.demo.test', { method: 'GET', url: '/api/org/SUPACMESCI01/cxml-inbound' })).statusCode).toBe(403);
  });

  it('answers 429 to a source that keeps sending refused documents', async () => {
    const flood = '192.0.2.99';
    let last = await post('nope', { source: flood });
    for (let i = 0; i < 70 && last.http !== 429; i++) last = await post('nope', { source: flood });
    expect(last).toMatchObject({ http: 429, code: 429 });
    // Another source is not held back by it.
    expect((await post(profileRequestXml(payload(), SECRET), { source: '192.0.2.100' })).http).toBe(200);
    // Sixty documents read in the sandbox: not held to the default 30 s on a busy machine.
  }, 120_000);
});

describe('POST /cxml ProfileRequest', () => {
  it('lists what the endpoint accepts', async () => {
    const res = await post(profileRequestXml(payload(), SECRET));
    expect(res).toMatchObject({ http: 200, code: 200 });
    expect(res.body).toContain('<Transaction requestName="OrderRequest"><URL>http://localhost:80/cxml</URL></Transaction>');
    expect(readCxml(new TextEncoder().encode(res.body)).ok).toBe(true);
  });
});

describe('docs/cxml-inbound.md', () => {
  it("posts the curl example's order with the demo credential", async () => {
    await seedCxmlCredentials(t.db);
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'cxml-inbound.md'), 'utf8');
    const xml = /cat > order.xml <<'XML'\n([\s\S]*?)\nXML\n/.exec(doc)![1]!;
    const res = await post(xml);
    expect(res).toMatchObject({ http: 200, code: 200, message: 'Order PO-WM-CURL-1 received' });
    expect((await post(xml)).body).toBe(res.body);
    expect(await orderRows('PO-WM-CURL-1')).toHaveLength(1);
  });
});
