import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { InvoiceDocument, InvoiceLineItem } from '../../../src/domain/schemas/invoices';
import { newPayloadId, withSharedSecret } from '../../edi/cxml';
import { receiveCxml } from '../../edi/inbound/receive-cxml';
import { invoiceDetailRequestCxml } from '../../edi/invoice-cxml';
import type { BlobStore } from '../../files/blob-store';
import { blobStoreFor } from '../../files/blob-stores';
import { renderInvoicePdf, type InvoicePdfInput, type InvoicePdfParty } from '../../files/invoice-pdf';
import { acceptMessage } from '../../intake/accept-message';
import { INTAKE_JOB_KINDS } from '../../intake/intake-kinds';
import { processIntakeMessage } from '../../intake/process-message';
import { matchReceivingAddress } from '../../intake/receiving-address';
import { claimJob, finishJob } from '../../jobs/queue';
import type { Db } from '../database';
import { ciiInvoiceXml, ublInvoiceXml, type XmlInvoiceInput } from './invoice-xml';
import { DEMO_CXML_SECRET, SUPPLIERS, UNIVERSITIES, type DemoOrg } from './orgs';
import { Random } from './random';

const BASE_DATE = Date.parse('2026-11-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const GST = 0.1;

/** Invoices per university; University of Westmere, the main demo buyer, gets the most. */
const INVOICES_PER_BUYER: Record<string, number> = { UNIWESTMERE1: 60, UNINORTHGATE: 24, UNILAKESIDE1: 24 };

interface DemoProduct {
  code: string;
  description: string;
  uom: string;
  price: number;
  /** Some goods are GST-free (e.g. certain medical consumables). */
  gstFree?: boolean;
}

const PRODUCTS: Record<string, DemoProduct[]> = {
  SUPACMESCI01: [
    { code: 'AC-PIP-1000', description: 'Pipette tips 1000 uL, graduated, racked (10 x 96)', uom: 'BX', price: 48.9 },
    { code: 'AC-PIP-200', description: 'Pipette tips 200 uL, yellow, bulk bag of 1000', uom: 'PK', price: 22.5 },
    { code: 'AC-TUBE-15', description: 'Centrifuge tubes 15 mL, conical, sterile (500)', uom: 'CS', price: 131.0 },
    { code: 'AC-TUBE-50', description: 'Centrifuge tubes 50 mL, conical, sterile (500)', uom: 'CS', price: 158.4 },
    { code: 'AC-GLV-NM', description: 'Nitrile examination gloves, powder free, medium (100)', uom: 'BX', price: 11.95, gstFree: true },
    { code: 'AC-GLV-NL', description: 'Nitrile examination gloves, powder free, large (100)', uom: 'BX', price: 11.95, gstFree: true },
    { code: 'AC-BKR-250', description: 'Beaker, borosilicate glass, low form, 250 mL', uom: 'EA', price: 6.8 },
    { code: 'AC-BKR-1000', description: 'Beaker, borosilicate glass, low form, 1000 mL', uom: 'EA', price: 14.25 },
    { code: 'AC-PET-90', description: 'Petri dishes 90 mm, triple vent, sterile (500)', uom: 'CS', price: 96.0 },
    { code: 'AC-FLT-045', description: 'Syringe filter 0.45 um PES, 25 mm (100)', uom: 'PK', price: 142.6 },
    { code: 'AC-CRY-2', description: 'Cryovials 2 mL, external thread, self-standing (500)', uom: 'CS', price: 187.5 },
    { code: 'AC-PAR-38', description: 'Parafilm M laboratory film, 38 m x 100 mm', uom: 'RL', price: 54.3 },
  ],
  SUPBIOLAB001: [
    { code: 'BL-TAQ-500', description: 'Taq DNA polymerase, 5 U/uL, 500 units', uom: 'EA', price: 168.0 },
    { code: 'BL-DNTP-10', description: 'dNTP mix, 10 mM each, 1 mL', uom: 'EA', price: 92.4 },
    { code: 'BL-AGR-500', description: 'Agarose, molecular biology grade, 500 g', uom: 'EA', price: 412.0 },
    { code: 'BL-LAD-1KB', description: '1 kb DNA ladder, ready to load, 500 uL', uom: 'EA', price: 118.75 },
    { code: 'BL-FBS-500', description: 'Fetal bovine serum, heat inactivated, 500 mL', uom: 'BT', price: 689.0 },
    { code: 'BL-DMEM-500', description: 'DMEM high glucose with L-glutamine, 500 mL', uom: 'BT', price: 28.6 },
    { code: 'BL-TRYP-100', description: 'Trypsin-EDTA 0.25%, 100 mL', uom: 'BT', price: 24.9 },
    { code: 'BL-PBS-10X', description: 'PBS 10x, pH 7.4, 1 L', uom: 'BT', price: 46.2 },
    { code: 'BL-FLK-T75', description: 'Cell culture flask T75, vented cap (100)', uom: 'CS', price: 276.0 },
    { code: 'BL-PLT-96', description: '96-well plate, flat bottom, TC treated (50)', uom: 'CS', price: 198.5 },
    { code: 'BL-ELISA-IL6', description: 'Human IL-6 ELISA kit, 96 tests', uom: 'KT', price: 845.0 },
  ],
  SUPPACCHEM01: [
    { code: 'PC-ETOH-25', description: 'Ethanol absolute, AR grade, 2.5 L', uom: 'BT', price: 64.8 },
    { code: 'PC-ACET-25', description: 'Acetone, AR grade, 2.5 L', uom: 'BT', price: 38.2 },
    { code: 'PC-MEOH-4', description: 'Methanol, HPLC grade, 4 L', uom: 'BT', price: 92.0 },
    { code: 'PC-HCL-25', description: 'Hydrochloric acid 32%, AR, 2.5 L', uom: 'BT', price: 41.5 },
    { code: 'PC-NAOH-1K', description: 'Sodium hydroxide pellets, AR, 1 kg', uom: 'EA', price: 36.9 },
    { code: 'PC-NACL-1K', description: 'Sodium chloride, AR, 1 kg', uom: 'EA', price: 19.4 },
    { code: 'PC-DCM-25', description: 'Dichloromethane, HPLC grade, 2.5 L', uom: 'BT', price: 88.6 },
    { code: 'PC-ACN-4', description: 'Acetonitrile, HPLC gradient grade, 4 L', uom: 'BT', price: 215.0 },
    { code: 'PC-H2SO4-25', description: 'Sulfuric acid 98%, AR, 2.5 L', uom: 'BT', price: 52.3 },
    { code: 'PC-IPA-20', description: 'Isopropyl alcohol 70%, 20 L drum', uom: 'DR', price: 118.0 },
  ],
  SUPMERIDIAN1: [
    { code: 'ME-BAL-220', description: 'Analytical balance 220 g x 0.1 mg, internal calibration', uom: 'EA', price: 3890.0 },
    { code: 'ME-STR-HP', description: 'Magnetic stirrer hotplate, ceramic top, 340 C', uom: 'EA', price: 845.0 },
    { code: 'ME-VRT-MX', description: 'Vortex mixer, variable speed, touch and continuous', uom: 'EA', price: 329.0 },
    { code: 'ME-CEN-MINI', description: 'Mini centrifuge, 6000 rpm, 8 x 1.5 mL rotor', uom: 'EA', price: 412.0 },
    { code: 'ME-PH-BENCH', description: 'Benchtop pH meter with ATC electrode', uom: 'EA', price: 1185.0 },
    { code: 'ME-PIP-P20', description: 'Single channel pipette 2-20 uL, adjustable', uom: 'EA', price: 289.0 },
    { code: 'ME-PIP-P1000', description: 'Single channel pipette 100-1000 uL, adjustable', uom: 'EA', price: 289.0 },
    { code: 'ME-BATH-12', description: 'Digital water bath 12 L, stainless steel', uom: 'EA', price: 1420.0 },
    { code: 'ME-CAL-SVC', description: 'Pipette calibration service, per instrument', uom: 'EA', price: 65.0 },
  ],
  SUPSTHCROSS1: [
    { code: 'SC-WIPE-280', description: 'Low-lint task wipes, 280 sheets', uom: 'BX', price: 7.9 },
    { code: 'SC-BAG-AUTO', description: 'Autoclave bags 600 x 780 mm, printed (200)', uom: 'CS', price: 74.0 },
    { code: 'SC-SHARP-5', description: 'Sharps container 5 L, yellow', uom: 'EA', price: 6.45 },
    { code: 'SC-TOWEL-C', description: 'Paper hand towel, interleaved (4000 sheets)', uom: 'CS', price: 39.5 },
    { code: 'SC-LAB-COAT', description: 'Lab coat, white polycotton, size M', uom: 'EA', price: 32.0 },
    { code: 'SC-MARK-BLK', description: 'Laboratory marker, fine tip, black (10)', uom: 'PK', price: 18.6 },
    { code: 'SC-LBL-CRY', description: 'Cryogenic labels, 1000 per roll', uom: 'RL', price: 88.0 },
    { code: 'SC-FOIL-45', description: 'Aluminium foil, heavy duty, 45 cm x 150 m', uom: 'RL', price: 42.7 },
    { code: 'SC-TAPE-IND', description: 'Autoclave indicator tape, 19 mm x 55 m', uom: 'RL', price: 9.8 },
  ],
  SUPKESTREL01: [
    { code: 'KS-GOG-CLR', description: 'Safety goggles, indirect vent, anti-fog', uom: 'EA', price: 12.4 },
    { code: 'KS-SPEC-CLR', description: 'Safety spectacles, clear lens, wraparound', uom: 'EA', price: 5.9 },
    { code: 'KS-RESP-P2', description: 'P2 respirator, valved, box of 10', uom: 'BX', price: 34.5, gstFree: true },
    { code: 'KS-SPILL-CH', description: 'Chemical spill kit, 60 L wheelie bin', uom: 'KT', price: 389.0 },
    { code: 'KS-EYE-WASH', description: 'Eye wash station, plumbed, bench mounted', uom: 'EA', price: 465.0 },
    { code: 'KS-FAK-LAB', description: 'First aid kit, laboratory, wall mount', uom: 'KT', price: 148.0 },
    { code: 'KS-APRON-N', description: 'Chemical resistant apron, nitrile, 90 cm', uom: 'EA', price: 27.5 },
    { code: 'KS-GLV-CRYO', description: 'Cryogenic gloves, mid-arm, size L (pair)', uom: 'PR', price: 96.0 },
  ],
};

/** Invoice numbers in each supplier's own style. */
const NUMBER_STYLE: Record<string, (n: number) => string> = {
  SUPACMESCI01: (n) => `INV-2026-${String(10400 + n).padStart(6, '0')}`,
  SUPBIOLAB001: (n) => `BL${104500 + n}`,
  SUPPACCHEM01: (n) => `PCI/${26000 + n}`,
  SUPMERIDIAN1: (n) => `MLE-${7300 + n}`,
  SUPSTHCROSS1: (n) => `SC${String(55000 + n)}`,
  SUPKESTREL01: (n) => `KSP-${String(3100 + n).padStart(5, '0')}`,
};

/** The demo suppliers' ABNs: printed on their invoices, stated in their e-invoices, kept as their ABN property. */
export const SUPPLIER_ABN: Record<string, string> = {
  SUPACMESCI01: '51 824 753 556',
  SUPBIOLAB001: '33 102 417 032',
  SUPPACCHEM01: '72 004 085 616',
  SUPMERIDIAN1: '19 611 958 144',
  SUPSTHCROSS1: '86 143 590 277',
  SUPKESTREL01: '47 009 661 821',
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function domainOf(email: string): string {
  return email.slice(email.indexOf('@') + 1);
}

function partyOf(org: DemoOrg, lines: string[]): InvoicePdfParty {
  return { name: org.name, addressLines: [...lines, `${org.suburb} ${org.state} ${org.postCode}`, 'Australia'], email: org.email };
}

/** A purchase order of the orders area that an invoice can bill. */
interface DemoOrder {
  id: number;
  orderNo: string;
  currency: string;
  lines: Array<DemoProduct & { quantity: number }>;
}

function makeLines(rand: Random, supplierKey: string, order: DemoOrder | null): InvoiceLineItem[] {
  const catalogue = PRODUCTS[supplierKey]!;
  // An invoice bills its order's lines (at most 15); without an order, distinct catalogue products.
  const ordered = order?.lines.slice(0, 15) ?? [];
  const count = Math.max(3, ordered.length || rand.int(3, 15));
  const shuffled = catalogue.map((p) => ({ p, k: rand.next() })).sort((a, b) => a.k - b.k).map((x) => x.p);
  const lines: InvoiceLineItem[] = [];
  for (let i = 0; i < count; i++) {
    const fromOrder = ordered[i];
    const p = fromOrder ?? shuffled[i % shuffled.length]!;
    const qtyShipped = fromOrder
      ? rand.chance(0.12) && fromOrder.quantity > 1
        ? Math.ceil(fromOrder.quantity / 2)
        : fromOrder.quantity
      : p.price > 1000
        ? rand.int(1, 2)
        : p.price > 150
          ? rand.int(1, 6)
          : rand.int(1, 40);
    const gross = round2(qtyShipped * p.price);
    const discount = rand.chance(0.18) ? round2(gross * rand.pick([0.05, 0.075, 0.1])) : 0;
    const net = round2(gross - discount);
    const tax = p.gstFree ? 0 : round2(net * GST);
    lines.push({
      id: i + 1,
      sequence: i + 1,
      code: p.code,
      description: p.description,
      qtyShipped,
      uom: p.uom,
      unitPrice: p.price,
      discount,
      tax,
      grossLineTotal: round2(net + tax),
    });
  }
  return lines;
}

/** Totals that add up: subtotal is the lines' net, GST applies to lines and to charges less discount. */
function makeDocument(
  rand: Random,
  supplier: DemoOrg,
  n: number,
  dateCreated: string,
  order: DemoOrder | null,
): InvoiceDocument {
  const lineItems = makeLines(rand, supplier.key, order);
  const subtotal = round2(lineItems.reduce((sum, l) => sum + l.grossLineTotal - l.tax, 0));
  const lineTax = round2(lineItems.reduce((sum, l) => sum + l.tax, 0));
  const freight = rand.chance(0.6) ? rand.pick([9.95, 12.5, 18.0, 24.5, 35.0, 49.0, 85.0]) : 0;
  const additionalCharges = rand.chance(0.2) ? rand.pick([5.5, 15.0, 27.5, 45.0]) : 0;
  const discount = rand.chance(0.22) ? round2(subtotal * rand.pick([0.02, 0.025, 0.05])) : 0;
  const totalTax = round2(lineTax + round2((freight + additionalCharges - discount) * GST));
  const totalValue = round2(subtotal - discount + freight + additionalCharges + totalTax);
  const poNumber = order?.orderNo ?? `45000${String(rand.int(10000, 99999))}`;
  const base = {
    documentId: NUMBER_STYLE[supplier.key]!(n),
    dateCreated,
    referenceId: order || rand.chance(0.93) ? poNumber : null,
    referenceSystemId: order ? String(order.id) : null,
    currency: order?.currency ?? (rand.chance(0.96) ? 'AUD' : rand.pick(['NZD', 'USD'])),
    freight,
    additionalCharges,
    subtotal,
    discount,
    totalTax,
    totalValue,
    comments: rand.chance(0.35)
      ? rand.pick([
          'Payment terms: 30 days from invoice date.',
          'Please quote the invoice number with your remittance.',
          'Back-ordered items will be invoiced on dispatch.',
          'Dangerous goods surcharge applied to flammable liquids.',
          'Freight charged as per agreed schedule.',
        ])
      : null,
    lineItems,
  };
  return { ...base, validationErrors: { general: [], header: [], line: [] } };
}

function htmlBody(supplier: DemoOrg, buyer: DemoOrg, doc: InvoiceDocument, hasPdf: boolean): string {
  const money = (v: number) => v.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const intro = hasPdf
    ? `<p>Please find attached invoice <strong>${doc.documentId}</strong>${doc.referenceId ? ` for purchase order ${doc.referenceId}` : ''}.</p>`
    : `<p>Invoice <strong>${doc.documentId}</strong>${doc.referenceId ? ` for purchase order ${doc.referenceId}` : ''} is set out below.</p>`;
  const rows = hasPdf
    ? ''
    : `<table border="1" cellpadding="4" cellspacing="0"><tr><th>Code</th><th>Description</th><th>Qty</th><th>Total</th></tr>${doc.lineItems
        .map((l) => `<tr><td>${l.code}</td><td>${l.description}</td><td>${l.qtyShipped} ${l.uom}</td><td>${money(l.grossLineTotal)}</td></tr>`)
        .join('')}</table>`;
  return [
    `<p>Dear ${buyer.name} Accounts Payable,</p>`,
    intro,
    rows,
    `<p>Amount due: <strong>${doc.currency} ${money(doc.totalValue)}</strong>, payable within 30 days.</p>`,
    `<p>Kind regards,<br/>Accounts Receivable<br/>${supplier.name}<br/>ABN ${SUPPLIER_ABN[supplier.key]}</p>`,
  ].join('\n');
}

/** The orders already seeded, by buyer and supplier, so invoices quote real PO numbers and link to their order. */
async function loadDemoOrders(db: Db): Promise<Map<string, DemoOrder[]>> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'buyer_key', 'seller_key', 'order_total_currency'])
    .where('deleted', '=', 0)
    .orderBy('id')
    .execute();
  const lines = rows.length
    ? await db
        .selectFrom('order_lines')
        .select(['order_id', 'supplier_product_code', 'description', 'quantity', 'uom', 'unit_price', 'tax_line'])
        .orderBy('order_id')
        .orderBy('number')
        .execute()
    : [];
  const linesByOrder = new Map<number, DemoOrder['lines']>();
  for (const l of lines) {
    const list = linesByOrder.get(l.order_id) ?? [];
    list.push({
      code: l.supplier_product_code,
      description: l.description,
      uom: l.uom,
      price: l.unit_price,
      quantity: l.quantity,
      gstFree: l.tax_line === 0,
    });
    linesByOrder.set(l.order_id, list);
  }
  const byPair = new Map<string, DemoOrder[]>();
  for (const o of rows) {
    const orderLines = linesByOrder.get(o.id) ?? [];
    if (orderLines.length === 0) continue;
    const key = `${o.buyer_key}|${o.seller_key}`;
    byPair.set(key, [...(byPair.get(key) ?? []), { id: o.id, orderNo: o.order_no, currency: o.order_total_currency, lines: orderLines }]);
  }
  return byPair;
}

/** The subject of the demo email whose HTML body tries to run a script and to load a remote image. */
export const HOSTILE_EMAIL_SUBJECT = 'Statement of account - please review (HTML)';
/** The remote host that email's tracking image points at; the portal must never ask it for anything. */
export const HOSTILE_EMAIL_HOST = 'tracker.demo.invalid';

/** Terms printed under the invoice: long enough to carry its PDF onto a second page. */
const TERMS_OF_SALE = Array.from(
  { length: 14 },
  (_, i) =>
    `${i + 1}. Goods remain the property of the supplier until paid in full. Claims for shortages or damage must be made within 7 days of delivery, quoting the invoice number and the purchase order number. Returns need prior written approval and may attract a restocking fee.`,
).join('\n');


/** A supplier that is not on the portal: its invoices arrive with the supplier left empty and a General error. */
const OUTSIDE_SUPPLIER: DemoOrg = {
  key: 'OUTSIDE',
  name: 'Orbit Lab Services',
  type: 1,
  suburb: 'Fortitude Valley',
  state: 'QLD',
  postCode: '4006',
  email: 'accounts@orbitlab.example',
};
const OUTSIDE_ABN = '63 118 402 771';

/** How a demo invoice travels: the shapes suppliers' systems really send. */
type Form = 'ubl' | 'ubl+pdf' | 'factur-x' | 'pdf' | 'no-attachment' | 'broken-pdf';
const FORMS: Array<[Form, number]> = [
  ['ubl', 0.36],
  ['ubl+pdf', 0.2],
  ['factur-x', 0.3],
  ['pdf', 0.07],
  ['no-attachment', 0.04],
  ['broken-pdf', 0.03],
];

function pickForm(rand: Random): Form {
  let r = rand.next();
  for (const [form, share] of FORMS) {
    if (r < share) return form;
    r -= share;
  }
  return 'ubl';
}

/** One demo mail: the MIME message a supplier's accounts system would send. */
interface DemoMail {
  buyer: DemoOrg;
  recipient: string;
  receivedAt: Date;
  raw: Buffer;
  sender: string;
}

interface MailSpec {
  from: string;
  to: string;
  subject: string;
  html: string | null;
  date: Date;
  messageId: string;
  attachments: Array<{ filename: string; content: Buffer | string; contentType: string }>;
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

async function compose(spec: MailSpec): Promise<Buffer> {
  const info = await composer.sendMail({ ...spec, html: spec.html ?? undefined, text: spec.html ? undefined : 'Invoice attached.' });
  return info.message as Buffer;
}

async function attachmentsOf(form: Form, pdfInput: InvoicePdfInput, xml: XmlInvoiceInput) {
  const id = safeFileName(pdfInput.document.documentId ?? 'invoice');
  const ubl = () => ({ filename: `${id}.xml`, content: ublInvoiceXml(xml), contentType: 'application/xml' });
  const pdf = async (embedded: boolean) => ({
    filename: `${id}.pdf`,
    content: await renderInvoicePdf(embedded ? { ...pdfInput, embeddedXml: { name: 'factur-x.xml', xml: ciiInvoiceXml(xml) } } : pdfInput),
    contentType: 'application/pdf',
  });
  switch (form) {
    case 'ubl':
      return [ubl()];
    case 'ubl+pdf':
      return [ubl(), await pdf(false)];
    case 'factur-x':
      return [await pdf(true)];
    case 'pdf':
      return [await pdf(false)];
    case 'no-attachment':
      return [];
    case 'broken-pdf': {
      // A transfer that cut the file short: the header of a PDF and then nothing readable.
      const whole = (await pdf(false)).content;
      return [{ filename: `${id}.pdf`, content: whole.subarray(0, Math.floor(whole.length / 5)), contentType: 'application/pdf' }];
    }
  }
}

const safeFileName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * Email bodies come from outside the company. One mail to the main demo buyer, from a
 * supplier not on the portal, carries a body that tries to run script, to reach the
 * portal's page and to load a tracking image, so the sanitising and the sandbox can be
 * seen (and tested) working; its Factur-X PDF runs onto a second page with the terms of
 * sale. It arrives last.
 */
function hostileBody(): string {
  return [
    '<p>Dear Accounts Payable,</p>',
    '<p>Your statement of account is attached. <a href="javascript:parent.document.body.dataset.emailScript=\'ran\'">View it online</a>.</p>',
    "<script>parent.document.body.dataset.emailScript = 'ran'; parent.postMessage('email-script-ran', '*');</script>",
    `<img src="https://${HOSTILE_EMAIL_HOST}/open.gif?m=statement" alt="" width="1" height="1" onerror="parent.document.body.dataset.emailScript = 'ran'">`,
    `<p style="background-image: url('https://${HOSTILE_EMAIL_HOST}/bg.png')">Kind regards,<br/>Accounts Receivable</p>`,
  ].join('\n');
}

async function demoMails(db: Db, rand: Random): Promise<DemoMail[]> {
  const orders = await loadDemoOrders(db);
  const mails: DemoMail[] = [];
  const numbers = new Map<string, number>();
  let newest = 0;
  for (const buyer of UNIVERSITIES) {
    const count = INVOICES_PER_BUYER[buyer.key] ?? 40;
    for (let i = 0; i < count; i++) {
      const outside = rand.chance(0.03);
      const supplier = outside ? OUTSIDE_SUPPLIER : rand.pick(SUPPLIERS);
      const n = (numbers.get(supplier.key) ?? 0) + rand.int(1, 4);
      numbers.set(supplier.key, n);
      const receivedAt = new Date(BASE_DATE - rand.int(0, 200) * DAY - rand.int(0, 23 * 60) * 60 * 1000);
      newest = Math.max(newest, receivedAt.getTime());
      const invoiceDate = new Date(receivedAt.getTime() - rand.int(0, 3) * DAY);
      const candidates = outside ? [] : (orders.get(`${buyer.key}|${supplier.key}`) ?? []);
      const order = candidates.length > 0 && rand.chance(0.85) ? rand.pick(candidates) : null;
      const catalogueKey = outside ? 'SUPMERIDIAN1' : supplier.key;
      const doc = makeDocument(rand, { ...supplier, key: catalogueKey }, n, `${invoiceDate.toISOString().slice(0, 10)}T00:00:00.000Z`, order);
      if (outside) doc.documentId = `ORB-${4400 + n}`;
      const abn = outside ? OUTSIDE_ABN : SUPPLIER_ABN[supplier.key]!;
      const form = pickForm(rand);
      const title = rand.chance(0.85) ? 'Tax Invoice' : 'Invoice';
      const pdfInput: InvoicePdfInput = {
        title,
        supplier: partyOf(supplier, [`ABN ${abn}`, `${rand.int(2, 180)} ${rand.pick(['Industrial', 'Enterprise', 'Commerce', 'Botany'])} Drive`]),
        supplierCode: null,
        billTo: partyOf(buyer, ['Accounts Payable', `Building ${rand.int(1, 60)}, Campus Services`]),
        document: doc,
      };
      const xml: XmlInvoiceInput = { document: doc, seller: { name: supplier.name, abn, email: supplier.email }, buyer: { name: buyer.name, abn: null, email: buyer.email } };
      const hasPdf = form !== 'ubl' && form !== 'no-attachment';
      const sender = `${rand.pick(['accounts', 'invoices', 'ar', 'billing'])}@${domainOf(supplier.email)}`;
      const recipient = rand.chance(0.15) ? `scanner@scan.${domainOf(buyer.email)}` : `invoices@${domainOf(buyer.email)}`;
      const raw = await compose({
        from: `${supplier.name} Accounts <${sender}>`,
        to: recipient,
        subject: rand.pick([
          `${title} ${doc.documentId} from ${supplier.name}`,
          `Invoice ${doc.documentId}${doc.referenceId ? ` - PO ${doc.referenceId}` : ''}`,
          `${supplier.name}: invoice ${doc.documentId}`,
          `Your ${supplier.name} invoice is ready`,
        ]),
        html: form === 'ubl' || form === 'no-attachment' || rand.chance(0.55) ? htmlBody(supplier, buyer, doc, hasPdf) : null,
        date: receivedAt,
        messageId: `<${safeFileName(doc.documentId ?? String(n))}.${buyer.key}@${domainOf(supplier.email)}>`,
        attachments: await attachmentsOf(form, pdfInput, xml),
      });
      mails.push({ buyer, recipient, receivedAt, raw, sender });
    }
  }

  const westmere = UNIVERSITIES[0]!;
  const statement = makeDocument(rand, { ...OUTSIDE_SUPPLIER, key: 'SUPMERIDIAN1' }, 9, new Date(newest).toISOString().slice(0, 10) + 'T00:00:00.000Z', null);
  statement.documentId = 'ORB-STATEMENT-11';
  statement.comments = TERMS_OF_SALE;
  const receivedAt = new Date(newest + 60 * 60 * 1000);
  const xml: XmlInvoiceInput = { document: statement, seller: { name: OUTSIDE_SUPPLIER.name, abn: OUTSIDE_ABN, email: OUTSIDE_SUPPLIER.email }, buyer: { name: westmere.name, abn: null, email: westmere.email } };
  const pdfInput: InvoicePdfInput = {
    title: 'Tax Invoice',
    supplier: partyOf(OUTSIDE_SUPPLIER, [`ABN ${OUTSIDE_ABN}`]),
    supplierCode: null,
    billTo: partyOf(westmere, ['Accounts Payable']),
    document: statement,
  };
  const sender = 'statements@orbitlab.example';
  const raw = await compose({
    from: `Orbit Lab Services <${sender}>`,
    to: `invoices@${domainOf(westmere.email)}`,
    subject: HOSTILE_EMAIL_SUBJECT,
    html: hostileBody(),
    date: receivedAt,
    messageId: '<statement-11@orbitlab.example>',
    attachments: await attachmentsOf('factur-x', pdfInput, xml),
  });
  mails.push({ buyer: westmere, recipient: `invoices@${domainOf(westmere.email)}`, receivedAt, raw, sender });
  return mails;
}

/** Invoices Acme's invoicing system posts to Westmere as cXML. */
const CXML_INVOICES = 3;

/**
 * Acme's invoicing system posts a few invoices to University of Westmere as cXML
 * InvoiceDetailRequests, through the path of /cxml (receiveCxml: authenticated by Acme's
 * credential, kept and queued as intake messages). Its own numbers (from 900) and its own
 * random sequence, so the mailed invoices stay as they were. Answers the queued jobs.
 */
async function postCxmlInvoices(db: Db, blobs: BlobStore): Promise<Array<{ messageId: number; jobId: number }>> {
  const rand = new Random(20261127);
  const buyer = UNIVERSITIES[0]!;
  const supplier = SUPPLIERS.find((s) => s.key === 'SUPACMESCI01')!;
  const orders = (await loadDemoOrders(db)).get(`${buyer.key}|${supplier.key}`) ?? [];
  for (let i = 0; i < CXML_INVOICES; i++) {
    const receivedAt = new Date(BASE_DATE - rand.int(1, 60) * DAY - rand.int(0, 23 * 60) * 60 * 1000);
    const order = orders.length > 0 ? rand.pick(orders) : null;
    const document = makeDocument(rand, supplier, 900 + i, `${receivedAt.toISOString().slice(0, 10)}T00:00:00.000Z`, order);
    const input = { oiid: 0, buyerKey: buyer.key, buyerName: buyer.name, supplierKey: supplier.key, supplierName: supplier.name, supplierCode: null, document };
    const xml = invoiceDetailRequestCxml(input, { payloadId: newPayloadId(receivedAt), now: receivedAt });
    const bytes = new TextEncoder().encode(withSharedSecret(xml, DEMO_CXML_SECRET));
    const answer = await receiveCxml(db, { bytes, source: 'demo seed', endpointUrl: 'seed:', blobs, now: receivedAt });
    if (answer.statusCode !== 201) throw new Error(`The demo InvoiceDetailRequest was refused (${answer.statusCode}): ${answer.message}`);
  }
  // Every state: a job runner of the same process may have claimed one already, and the seed waits for it too.
  const messages = await db.selectFrom('intake_messages').select('id').where('source', '=', 'cxml').execute();
  const wanted = new Set(messages.map((m) => Number(m.id)));
  const jobs = await db.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', INTAKE_JOB_KINDS.message).execute();
  return jobs
    .map((j) => ({ messageId: Number((JSON.parse(j.payload) as { messageId: unknown }).messageId), jobId: Number(j.id) }))
    .filter((j) => wanted.has(j.messageId));
}

/** Intake jobs run side by side, as many as the sandbox has workers: the seed's share of the start-up time. */
const SEED_INTAKE_PARALLEL = 3;

/**
 * The demo invoices: about 210 mails to the universities' receiving addresses from the
 * demo suppliers (UBL, UBL with its PDF, Factur-X, plain PDFs, a mail without
 * attachment, broken PDFs, a few from a supplier not on the portal), each taken in by
 * the intake exactly as a mail from the SMTP listener: stored raw, queued, read and
 * extracted in the sandbox, routed and created by receiveInvoice; and a few cXML invoices
 * Acme's system posts through the /cxml path into the same intake. Runs after the orders
 * (invoices quote their PO numbers) and the accounts (receiving emails, sender sources,
 * ABNs route them). Nothing is validated yet beyond the intake's own errors.
 */
export async function seedInvoices(db: Db, opts: { dataDir?: string | null } = {}): Promise<void> {
  const rand = new Random(20261101);
  // Without a data directory (some tests) the files still need a home: a temporary one.
  const blobs = blobStoreFor({ dataDir: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-seed-')) });
  const mails = await demoMails(db, rand);
  const queued: Array<{ messageId: number; jobId: number }> = [];
  for (const mail of mails) {
    const match = await matchReceivingAddress(db, mail.recipient);
    if (!match) throw new Error(`The demo recipient ${mail.recipient} matches no receiving email: seed the accounts first`);
    const { messageIds, jobIds } = await acceptMessage(db, blobs, {
      source: 'email',
      raw: mail.raw,
      contentType: 'message/rfc822',
      sender: mail.sender,
      buyers: [{ buyerKey: match.buyerKey, code: match.code, recipients: [match.address] }],
      receivedAt: mail.receivedAt,
    });
    messageIds.forEach((messageId, i) => queued.push({ messageId, jobId: jobIds[i]! }));
  }
  queued.push(...(await postCxmlInvoices(db, blobs)));
  // The queued intake jobs, run here (a few side by side) rather than by the server's runner.
  const ctx = { db, blobs, config: { intake: { smtpPort: null, smtpHost: '', imapUrl: null, dnsRecords: {} } } };
  let next = 0;
  const worker = async () => {
    while (next < queued.length) {
      const { messageId, jobId } = queued[next++]!;
      const job = await claimJob(db, jobId);
      if (!job) continue;
      const result = await processIntakeMessage(ctx, messageId);
      await finishJob(db, job, { state: 'done', result, error: null });
    }
  };
  await Promise.all(Array.from({ length: SEED_INTAKE_PARALLEL }, worker));
  // A job runner of the same process (a test app's) may have claimed some first: the seed ends when those are done too.
  const ids = queued.map((q) => q.jobId);
  for (let waited = 0; ids.length > 0; waited += 100) {
    const open = await db.selectFrom('jobs').select('id').where('id', 'in', ids).where('state', 'in', ['queued', 'running']).execute();
    if (open.length === 0) break;
    if (waited > 120_000) throw new Error(`${open.length} demo intake jobs did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
