import type { Address, Order } from '../../../src/domain/schemas/orders';
import { roundMoney } from '../../../src/domain/money';
import { prefillAsnLines } from '../../../src/domain/remaining-quantities';
import type { Db } from '../database';
import { nextRevisions } from '../../sync/change-log';
import { newPayloadId, withSharedSecret } from '../../edi/cxml';
import { poDocument } from '../../edi/po-document';
import { receiveCxml } from '../../edi/inbound/receive-cxml';
import { setOrderProgress } from '../../orders/order-progress';
import { DEMO_CXML_SECRET, SUPPLIERS, UNIVERSITIES, type DemoOrg } from './orgs';
import { seedCxmlCredentials } from './seed-cxml-credentials';
import { Random } from './random';

/**
 * Purchase orders from the three universities to the six suppliers, and the ASNs
 * that ship them. Acme Scientific and the University of Westmere (the demo sign-ins)
 * trade the most. Dates count back from 2026-11-01 so the set looks the same on any day.
 * Each order arrives as its buyer's system sends it: a cXML OrderRequest posted through
 * the same path as /cxml (server/edi/inbound/receive-cxml.ts), cancelled ones by a
 * second, delete, OrderRequest.
 */

const BASE_DATE = Date.UTC(2026, 10, 1);
const DAY = 24 * 60 * 60 * 1000;
const TAX_RATE = 0.1;
const CURRENCY = 'AUD';
const BATCH = 500;

interface ProductSpec {
  description: string;
  uom: 'EA' | 'BX' | 'PK' | 'L' | 'KG';
  price: [number, number];
  taxable: boolean;
}

const PRODUCTS: ProductSpec[] = [
  { description: 'Nitrile examination gloves, powder-free, size M (100)', uom: 'BX', price: [9, 16], taxable: true },
  { description: 'Nitrile examination gloves, powder-free, size L (100)', uom: 'BX', price: [9, 16], taxable: true },
  { description: 'Serological pipettes 10 mL, sterile, individually wrapped', uom: 'PK', price: [38, 62], taxable: true },
  { description: 'Filter pipette tips 200 uL, racked, sterile (960)', uom: 'PK', price: [55, 90], taxable: true },
  { description: 'Microcentrifuge tubes 1.5 mL, natural (500)', uom: 'PK', price: [18, 32], taxable: true },
  { description: 'Centrifuge tubes 50 mL, conical, sterile (25)', uom: 'PK', price: [14, 26], taxable: true },
  { description: 'Petri dishes 90 mm, polystyrene, triple vent (500)', uom: 'BX', price: [85, 140], taxable: true },
  { description: 'Ethanol absolute, AR grade', uom: 'L', price: [28, 46], taxable: true },
  { description: 'Isopropanol 70% v/v', uom: 'L', price: [9, 18], taxable: true },
  { description: 'Acetone, HPLC grade', uom: 'L', price: [32, 58], taxable: true },
  { description: 'Sodium chloride, ACS reagent', uom: 'KG', price: [24, 48], taxable: true },
  { description: 'Agarose, molecular biology grade', uom: 'KG', price: [420, 690], taxable: true },
  { description: 'Tris base, ultrapure', uom: 'KG', price: [160, 260], taxable: true },
  { description: 'Borosilicate beaker 250 mL, low form', uom: 'EA', price: [6, 12], taxable: true },
  { description: 'Volumetric flask 100 mL, class A, with stopper', uom: 'EA', price: [22, 41], taxable: true },
  { description: 'Safety glasses, anti-fog, clear lens', uom: 'EA', price: [7, 15], taxable: true },
  { description: 'Lab coat, cotton/polyester, size L', uom: 'EA', price: [32, 55], taxable: true },
  { description: 'Cryogenic vials 2 mL, external thread (50)', uom: 'PK', price: [28, 44], taxable: true },
  { description: 'Parafilm M sealing film, 10 cm x 38 m', uom: 'EA', price: [38, 52], taxable: true },
  { description: 'Kimwipes delicate task wipers (280)', uom: 'BX', price: [6, 11], taxable: true },
  { description: 'PCR plates 96-well, skirted, clear (25)', uom: 'PK', price: [95, 160], taxable: true },
  { description: 'Syringe filters 0.22 um PES, 25 mm (50)', uom: 'PK', price: [75, 120], taxable: true },
  { description: 'Magnetic stir bar, PTFE, 25 mm', uom: 'EA', price: [4, 9], taxable: true },
  { description: 'Laboratory printed textbook, Lab Safety Manual (GST-free)', uom: 'EA', price: [45, 80], taxable: false },
];

const PREFIX: Record<string, string> = {
  SUPACMESCI01: 'ACM',
  SUPBIOLAB001: 'BLS',
  SUPPACCHEM01: 'PCC',
  SUPMERIDIAN1: 'MLE',
  SUPSTHCROSS1: 'SCC',
  SUPKESTREL01: 'KSP',
};
const PO_PREFIX: Record<string, string> = { UNIWESTMERE1: 'WM', UNINORTHGATE: 'NG', UNILAKESIDE1: 'LK' };

const REQUESTERS: Record<string, Array<[string, string]>> = {
  UNIWESTMERE1: [
    ['Beatrice Buyer', 'buyer@uni.demo.test'],
    ['Priya Raman', 'p.raman@uni.demo.test'],
    ['Daniel Okafor', 'd.okafor@uni.demo.test'],
    ['Grace Liu', 'g.liu@uni.demo.test'],
  ],
  UNINORTHGATE: [
    ["Liam O'Connor", 'buyer@northgate.demo.test'],
    ['Sophie Turner', 's.turner@northgate.demo.test'],
    ['Arjun Mehta', 'a.mehta@northgate.demo.test'],
  ],
  UNILAKESIDE1: [
    ['Mei Chen', 'buyer@lakeside.demo.test'],
    ['Jack Wilson', 'j.wilson@lakeside.demo.test'],
    ['Amelia Brown', 'a.brown@lakeside.demo.test'],
  ],
};

const STREETS: Record<string, { street: string; areaCode: string; labs: string[] }> = {
  UNIWESTMERE1: { street: 'Grattan Street', areaCode: '3', labs: ['Bio21 Institute, Level 3', 'Chemistry Building, Room 214', 'Medical Sciences, Store 1'] },
  UNINORTHGATE: { street: 'College Road', areaCode: '7', labs: ['Molecular Biosciences, Dock B', 'Physics Annexe, Room 12'] },
  UNILAKESIDE1: { street: 'Kent Street', areaCode: '8', labs: ['Resources & Chemistry Precinct, Bay 4', 'Health Sciences, Level 2'] },
};

const CARRIERS = ['StarTrack', 'TNT Australia', 'Toll Priority', 'Australia Post', 'DHL Express', 'Couriers Please'];
type OrderState = 'New' | 'Acknowledged' | 'Partially Shipped' | 'Shipped' | 'Cancelled';

function catalogueCode(seller: DemoOrg, i: number): string {
  return `${PREFIX[seller.key]}-${100000 + ((i * 7919 + seller.key.length * 131) % 900000)}`;
}

function isoDay(daysAgo: number, hour = 9): string {
  return new Date(BASE_DATE - daysAgo * DAY + hour * 60 * 60 * 1000).toISOString();
}

function address(org: DemoOrg, name: string, lines: { line1: string; email: string; phone: string; areaCode: string }): Address {
  return {
    name,
    postalAddressName: org.name,
    postalAddressStreet: lines.line1,
    postalAddressCity: org.suburb,
    postalAddressState: org.state,
    postalAddressPostcode: org.postCode,
    postalAddressCountryCode: 'AU',
    postalAddressCountryName: 'Australia',
    email: lines.email,
    phoneCountryCode: '61',
    phoneAreaCode: lines.areaCode,
    phoneNumber: lines.phone,
    faxCountryCode: '61',
    faxAreaCode: lines.areaCode,
    faxNumber: lines.phone.replace(/\d$/, '9'),
  };
}

interface SeedLine {
  number: number;
  code: string;
  description: string;
  quantity: number;
  uom: string;
  unitPrice: number;
  tax: number;
  comment: string;
}

interface SeedOrder {
  orderNo: string;
  seller: DemoOrg;
  buyer: DemoOrg;
  daysAgo: number;
  hour: number;
  state: OrderState;
  raisedBy: string;
  contact: Address;
  billTo: Address;
  shipTo: Address;
  lines: SeedLine[];
  sellerRead: boolean;
  buyerRead: boolean;
  canExport: boolean;
  asns: SeedAsn[];
}

interface SeedAsn {
  daysAgo: number;
  lines: Array<{ number: number; quantity: number; uom: string }>;
  carrier: string;
  tracking: string;
  exported: boolean;
  failures: string[];
}

const FAILURES = [
  'cXML endpoint https://edi.westmere.example/asn answered HTTP 503',
  'The EMAIL export setting for asn has no recipient address',
  'cXML endpoint https://b2b.northgate.example/inbound could not be reached: connect ETIMEDOUT',
];

function buildOrders(rng: Random): SeedOrder[] {
  const orders: SeedOrder[] = [];
  const poSeq: Record<string, number> = {};
  for (const buyer of UNIVERSITIES) {
    for (const seller of SUPPLIERS) {
      const demoPair = buyer.key === 'UNIWESTMERE1' && seller.key === 'SUPACMESCI01';
      const count = demoPair ? 72 : 14;
      const catalogue = PRODUCTS.map((p, i) => ({ ...p, code: catalogueCode(seller, i) }));
      const site = STREETS[buyer.key]!;
      for (let n = 0; n < count; n++) {
        poSeq[buyer.key] = (poSeq[buyer.key] ?? 0) + 1;
        const orderNo = `PO-${PO_PREFIX[buyer.key]}-${String(100000 + poSeq[buyer.key]! * 7).padStart(6, '0')}`;
        // Skewed towards recent weeks, as a live portal's orders are.
        const daysAgo = Math.floor(Math.pow(rng.next(), 1.7) * 240);
        const hour = rng.int(7, 17);
        const [raisedBy, email] = rng.pick(REQUESTERS[buyer.key]!);
        const phone = `9${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
        const state: SeedOrder['state'] =
          daysAgo < 7 ? rng.pick(['New', 'New', 'Acknowledged'] as const)
          : daysAgo < 30 ? rng.pick(['Acknowledged', 'Partially Shipped', 'Shipped', 'New'] as const)
          : rng.chance(0.06) ? 'Cancelled'
          : rng.pick(['Shipped', 'Shipped', 'Partially Shipped', 'Acknowledged'] as const);
        const lineCount = rng.int(2, 12);
        const picked = new Set<number>();
        while (picked.size < lineCount) picked.add(rng.int(0, catalogue.length - 1));
        const lines: SeedLine[] = [...picked].map((p, i) => {
          const product = catalogue[p]!;
          const quantity = product.uom === 'L' || product.uom === 'KG' ? rng.int(1, 40) / (rng.chance(0.3) ? 2 : 1) : rng.int(1, 30);
          const unitPrice = roundMoney(product.price[0] + rng.next() * (product.price[1] - product.price[0]));
          const net = roundMoney(quantity * unitPrice);
          return {
            number: i + 1,
            code: product.code,
            description: product.description,
            quantity,
            uom: product.uom,
            unitPrice,
            tax: product.taxable ? roundMoney(net * TAX_RATE) : 0,
            comment: rng.chance(0.15) ? rng.pick(['Urgent: grant deadline', 'Deliver to loading dock', 'Quote Q-2026-118 applies', 'Back-order acceptable']) : '',
          };
        });
        const contact = address(buyer, raisedBy, { line1: `${rng.int(1, 250)} ${site.street}`, email, phone, areaCode: site.areaCode });
        const billTo = address(buyer, 'Accounts Payable', {
          line1: `Finance Services, ${rng.int(1, 250)} ${site.street}`,
          email: buyer.email,
          phone: `9${rng.int(100, 999)} 0000`,
          areaCode: site.areaCode,
        });
        const shipTo = address(buyer, raisedBy, {
          line1: `${rng.pick(site.labs)}, ${rng.int(1, 250)} ${site.street}`,
          email,
          phone,
          areaCode: site.areaCode,
        });
        const order: SeedOrder = {
          orderNo,
          seller,
          buyer,
          daysAgo,
          hour,
          state,
          raisedBy,
          contact,
          billTo,
          shipTo,
          lines,
          sellerRead: state !== 'New' || rng.chance(0.3),
          buyerRead: daysAgo > 3 || rng.chance(0.5),
          canExport: state !== 'Cancelled' && rng.chance(0.6),
          asns: [],
        };
        addAsns(rng, order);
        orders.push(order);
      }
    }
  }
  return orders;
}

/** Shipped orders are covered by one or two notices; partially shipped ones leave something behind. */
function addAsns(rng: Random, order: SeedOrder): void {
  if (order.state !== 'Shipped' && order.state !== 'Partially Shipped') return;
  const orderLines = order.lines.map((l) => ({ number: l.number, quantity: l.quantity, uom: l.uom }));
  const shipments = order.state === 'Shipped' ? rng.int(1, 2) : 1;
  for (let s = 0; s < shipments; s++) {
    const left = prefillAsnLines(orderLines, order.asns);
    const last = order.state === 'Shipped' && s === shipments - 1;
    const lines = left
      .map((l) => ({ ...l, quantity: last ? l.quantity : Math.max(Math.floor(l.quantity / 2), l.quantity >= 1 ? 1 : 0) }))
      .filter((l, i) => l.quantity > 0 && (last || order.state === 'Shipped' || i % 2 === 0));
    if (lines.length === 0) continue;
    const daysAgo = Math.max(order.daysAgo - rng.int(1, 10) - s * 3, 0);
    const recent = daysAgo < 21;
    const failing = recent && rng.chance(0.3);
    order.asns.push({
      daysAgo,
      lines,
      carrier: rng.pick(CARRIERS),
      tracking: `${rng.key(3)}${rng.int(10000000, 99999999)}`,
      exported: !recent || (!failing && rng.chance(0.3)),
      failures: failing ? [rng.pick(FAILURES)] : [],
    });
  }
}

async function allocateRevisions(db: Db, count: number): Promise<number> {
  return (await nextRevisions(db, count)) - count + 1;
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The order as the buyer's procurement system holds it, for the portal's own cXML writer. */
function asOrder(o: SeedOrder): Order {
  const net = roundMoney(o.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0));
  return {
    id: 0,
    orderNo: o.orderNo,
    orderDate: isoDay(o.daysAgo, o.hour),
    state: 'New',
    read: false,
    canExport: true,
    buyerId: o.buyer.key,
    buyerName: o.buyer.name,
    sellerId: o.seller.key,
    sellerName: o.seller.name,
    raisedBy: o.raisedBy,
    taxTotal: roundMoney(o.lines.reduce((sum, l) => sum + l.tax, 0)),
    taxTotalCurrency: CURRENCY,
    orderTotalExtTax: net,
    orderTotalCurrency: CURRENCY,
    contact: o.contact,
    billTo: o.billTo,
    shipTo: o.shipTo,
    lines: o.lines.map((l) => ({
      id: 0,
      number: l.number,
      supplierProductCode: l.code,
      description: l.description,
      quantity: l.quantity,
      uom: l.uom,
      unitPrice: l.unitPrice,
      priceCurreny: CURRENCY,
      taxLine: l.tax,
      taxLineCurrency: CURRENCY,
      lineComment: l.comment,
      freeText: false,
    })),
  };
}

/** The buyer's cancellation: the same order as a delete naming the version it cancels. */
function asDelete(xml: string, replaces: string): string {
  return xml
    .replace('type="new"', 'type="delete" orderVersion="2"')
    .replace('<Extrinsic name="state">', `<DocumentReference payloadID="${replaces}"/><Extrinsic name="state">`);
}

const SEED_SOURCE = 'demo seed';

/** Posts one document as the buyer's system would, through the path of /cxml; a refusal stops the seed. */
async function post(db: Db, xml: string, when: Date): Promise<void> {
  const answer = await receiveCxml(db, { bytes: new TextEncoder().encode(withSharedSecret(xml, DEMO_CXML_SECRET)), source: SEED_SOURCE, endpointUrl: 'seed:', blobs: null, now: when });
  if (answer.httpStatus !== 200) throw new Error(`The demo OrderRequest was refused (${answer.statusCode}): ${answer.message}`);
}

/**
 * Lines order the supplier's catalogue products where it has them (the i-th kind of
 * product the i-th of its catalogue); the last kind, the printed manual, stays a
 * free-text line, as real orders carry items outside the catalogue.
 */
async function orderFromCatalogues(db: Db, orders: SeedOrder[]): Promise<void> {
  for (const seller of SUPPLIERS) {
    const products = await db
      .selectFrom('products')
      .select(['product_code', 'description'])
      .where('seller_key', '=', seller.key)
      .where('deleted', '=', 0)
      .orderBy('product_code')
      .limit(PRODUCTS.length - 1)
      .execute();
    const byCode = new Map<string, { product_code: string; description: string | null }>();
    PRODUCTS.forEach((_, i) => {
      const product = products[i];
      if (product && i < PRODUCTS.length - 1) byCode.set(catalogueCode(seller, i), product);
    });
    for (const line of orders.filter((o) => o.seller === seller).flatMap((o) => o.lines)) {
      const product = byCode.get(line.code);
      if (product) Object.assign(line, { code: product.product_code, description: product.description || line.description });
    }
  }
}

export async function seedOrders(db: Db): Promise<void> {
  const rng = new Random(20261101);
  const orders = buildOrders(rng);
  await orderFromCatalogues(db, orders);
  // The universities' systems post with their cXML credentials, which the demo gives them first.
  await seedCxmlCredentials(db);
  const payloadIds = new Map<SeedOrder, string>();
  for (const o of orders) {
    const when = new Date(isoDay(o.daysAgo, o.hour));
    const payloadId = newPayloadId(when);
    payloadIds.set(o, payloadId);
    await post(db, poDocument(asOrder(o), { payloadId, now: when }), when);
  }
  for (const o of orders.filter((x) => x.state === 'Cancelled')) {
    const when = new Date(isoDay(Math.max(o.daysAgo - 2, 0), o.hour));
    await post(db, asDelete(poDocument(asOrder(o), { payloadId: newPayloadId(when), now: when }), payloadIds.get(o)!), when);
  }

  const stored = await db.selectFrom('orders').select(['id', 'order_no', 'buyer_key', 'seller_key']).execute();
  const ids = new Map(stored.map((r) => [`${r.buyer_key}/${r.seller_key}/${r.order_no}`, r.id]));
  const idOf = (o: SeedOrder) => ids.get(`${o.buyer.key}/${o.seller.key}/${o.orderNo}`)!;
  // An ASN line carries its order line's unit as the portal stored it (the supplier's own code, or Rec 20 as sent).
  const units = new Map(
    (await db.selectFrom('order_lines').select(['order_id', 'number', 'uom']).execute()).map((l) => [`${l.order_id}/${l.number}`, l.uom]),
  );

  await db.transaction().execute(async (trx) => {
    const supplierUser = (o: SeedOrder) => (o.seller.key === 'SUPACMESCI01' ? 'Simon Supplier' : `${o.seller.name} Dispatch`);
    for (const o of orders) {
      await setOrderProgress(trx, idOf(o), supplierUser(o), {
        ...(o.state !== 'Cancelled' && { state: o.state }),
        sellerRead: o.sellerRead,
        buyerRead: o.buyerRead,
        canExport: o.canExport,
      });
    }

    const changes: Array<{ rev: number; scope_kind: string; org_key: string; entity: string; entity_key: string; op: string }> = [];
    const asns = orders.flatMap((o) => o.asns.map((a, i) => ({ o, a, shipmentId: `${o.orderNo}-S${i + 1}` })));
    let rev = await allocateRevisions(trx, asns.length);
    const withRevs = asns.map((x) => ({ ...x, rev: rev++ }));
    const asnIds: number[] = [];
    await insertBatches(withRevs, async (batch) => {
      const inserted = await trx
        .insertInto('asns')
        .values(
          batch.map(({ o, a, shipmentId, rev: r }) => ({
            shipment_id: shipmentId,
            seller_key: o.seller.key,
            buyer_key: o.buyer.key,
            order_id: idOf(o),
            order_number: o.orderNo,
            state: 'SUBMITTED',
            created_date: isoDay(a.daysAgo, 14),
            notice_date: isoDay(a.daysAgo).slice(0, 10),
            delivery_date: isoDay(a.daysAgo - 3).slice(0, 10),
            shipment_date: isoDay(a.daysAgo - 1).slice(0, 10),
            carrier_name: a.carrier,
            tracking_id: a.tracking,
            ship_from: JSON.stringify(address(o.seller, `${o.seller.name} Dispatch`, { line1: `Warehouse ${(r % 4) + 1}, ${(r % 90) + 10} Industrial Drive`, email: o.seller.email, phone: '9555 0100', areaCode: '2' })),
            ship_to: JSON.stringify(o.shipTo),
            exported: a.exported ? 1 : 0,
            waiting_for_action: a.exported ? 0 : 1,
            rev: r,
            deleted: 0,
          })),
        )
        .returning('id')
        .execute();
      asnIds.push(...inserted.map((r) => r.id));
    });
    withRevs.forEach(({ o, rev: r }, i) => {
      changes.push({ rev: r, scope_kind: 'seller', org_key: o.seller.key, entity: 'asn', entity_key: String(asnIds[i]), op: 'upsert' });
      changes.push({ rev: r, scope_kind: 'buyer', org_key: o.buyer.key, entity: 'asn', entity_key: String(asnIds[i]), op: 'upsert' });
    });
    await insertBatches(
      withRevs.flatMap(({ o, a }, i) =>
        a.lines.map((l) => ({ asn_id: asnIds[i]!, number: l.number, quantity: l.quantity, uom: units.get(`${idOf(o)}/${l.number}`) ?? l.uom })),
      ),
      (batch) => trx.insertInto('asn_lines').values(batch).execute(),
    );

    const history = withRevs.flatMap(({ o, a, shipmentId }, i) => {
      const base = { org_key: o.seller.key, entity: 'asn', entity_key: String(asnIds[i]), user: supplierUser(o) };
      const entries = [
        { ...base, type: 'SUBMITTED', date: isoDay(a.daysAgo, 14), action: 'Submitted', description: `ASN ${shipmentId} submitted for order ${o.orderNo}` },
        ...a.failures.map((f, k) => ({ ...base, type: 'EXPORT_FAILED', date: isoDay(a.daysAgo, 15 + k), action: 'Export failed', description: f })),
      ];
      if (a.exported) {
        entries.push({ ...base, type: 'EXPORTED', date: isoDay(a.daysAgo, 16), action: 'Exported', description: `ASN ${shipmentId} exported via LOCAL as ASN-${shipmentId}.xml` });
      }
      return entries;
    });
    await insertBatches(history, (batch) => trx.insertInto('history').values(batch).execute());
    await insertBatches(changes, (batch) => trx.insertInto('change_log').values(batch).execute());
  });
}
