import type { InvoiceDocument, InvoiceLineItem, ValidationErrors } from '../../../src/domain/schemas/invoices';
import type { InvoicePdfInput, InvoicePdfParty } from '../../files/invoice-pdf';
import { recordChange } from '../../sync/change-log';
import type { Db } from '../database';
import type { InvoicesTable } from '../tables/invoices';
import { SUPPLIERS, UNIVERSITIES, type DemoOrg } from './orgs';
import { Random } from './random';

const BASE_DATE = Date.parse('2026-11-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const GST = 0.1;

/** Invoices per university; University of Westmere, the main demo buyer, gets the most. */
const INVOICES_PER_BUYER: Record<string, number> = { UNIWESTMERE1: 92, UNINORTHGATE: 66, UNILAKESIDE1: 54 };

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

const ABN: Record<string, string> = {
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

function makeValidationErrors(rand: Random, doc: Omit<InvoiceDocument, 'validationErrors'>, buyer: DemoOrg): ValidationErrors {
  const errors: ValidationErrors = { general: [], header: [], line: [] };
  const levels = rand.int(1, 7); // bit mask: general, header, line
  if (levels & 1) {
    errors.general.push({
      error: rand.pick([
        `Duplicate invoice: ${doc.documentId} was already received from this supplier`,
        'Supplier has no Invoice Account Code in the finance system',
        'Invoice is dated more than 90 days ago',
        'Attachment contains more than one invoice',
      ]),
    });
  }
  if (levels & 2) {
    errors.header.push({
      error: rand.pick([
        doc.referenceSystemId ? `PO ${doc.referenceId} is already fully invoiced` : `PO number ${doc.referenceId ?? '4500012345'} not found`,
        doc.referenceId ? `Invoice date is before the date of PO ${doc.referenceId}` : 'No PO number found on the invoice',
        `Bill-to ABN does not match ${buyer.name}`,
        'Invoice total differs from the purchase order total by more than 5%',
        'Supplier ABN not found on the invoice',
      ]),
    });
  }
  if (levels & 4 || errors.general.length + errors.header.length === 0) {
    const n = rand.int(1, 3);
    for (let i = 0; i < n; i++) {
      const line = rand.pick(doc.lineItems);
      errors.line.push({
        error: rand.pick([
          `Line ${line.sequence}: unit price differs from contract price`,
          `Line ${line.sequence}: quantity ${line.qtyShipped} exceeds quantity received (${Math.max(0, line.qtyShipped - rand.int(1, 3))})`,
          `Line ${line.sequence}: product code ${line.code} is not on the purchase order`,
          `Line ${line.sequence}: UOM ${line.uom} does not match the order UOM`,
        ]),
      });
    }
  }
  return errors;
}

/** Totals that add up: subtotal is the lines' net, GST applies to lines and to charges less discount. */
function makeDocument(
  rand: Random,
  supplier: DemoOrg,
  buyer: DemoOrg,
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
  const validationErrors = rand.chance(0.17) ? makeValidationErrors(rand, base, buyer) : { general: [], header: [], line: [] };
  return { ...base, validationErrors };
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
    `<p>Kind regards,<br/>Accounts Receivable<br/>${supplier.name}<br/>ABN ${ABN[supplier.key]}</p>`,
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

/**
 * Email bodies come from outside the company. One unread, pending invoice of the main
 * demo buyer (with a PDF, so 'Show Original Email' is offered) carries a body that tries
 * to run script, to reach the portal's page and to load a tracking image, so the
 * sanitising and the sandbox can be seen (and tested) working. Its terms of sale run its
 * PDF onto a second page and it has a header validation error. It copies the newest
 * Westmere invoice with a PDF and an HTML body, and arrives an hour later.
 */
function hostileEmailInvoice(rows: Array<Omit<InvoicesTable, 'oiid'>>): Omit<InvoicesTable, 'oiid'> | null {
  const source = rows
    .filter((r) => r.buyer_key === 'UNIWESTMERE1' && r.pdf_key && r.pdf_source && r.message_html_body && r.document && r.exported === 0)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!source?.pdf_key || !source.pdf_source || !source.document) return null;
  const receivedAt = new Date(Date.parse(source.created_at) + 60 * 60 * 1000).toISOString();
  const document: InvoiceDocument = {
    ...(JSON.parse(source.document) as InvoiceDocument),
    comments: TERMS_OF_SALE,
    validationErrors: { general: [], header: [{ error: 'Invoice total differs from the purchase order total by more than 5%' }], line: [] },
  };
  const pdfSource: InvoicePdfInput = { ...(JSON.parse(source.pdf_source) as InvoicePdfInput), document };
  const body = [
    '<p>Dear Accounts Payable,</p>',
    '<p>Your statement of account is attached. <a href="javascript:parent.document.body.dataset.emailScript=\'ran\'">View it online</a>.</p>',
    "<script>parent.document.body.dataset.emailScript = 'ran'; parent.postMessage('email-script-ran', '*');</script>",
    `<img src="https://${HOSTILE_EMAIL_HOST}/open.gif?m=statement" alt="" width="1" height="1" onerror="parent.document.body.dataset.emailScript = 'ran'">`,
    `<p style="background-image: url('https://${HOSTILE_EMAIL_HOST}/bg.png')">Kind regards,<br/>Accounts Receivable</p>`,
  ].join('\n');
  return {
    ...source,
    read: 0,
    ve_status: 'Pending',
    document: JSON.stringify(document),
    message_subject: HOSTILE_EMAIL_SUBJECT,
    message_html_body: body,
    message_created_date: receivedAt,
    pdf_key: source.pdf_key.replace(/\.pdf$/, '-statement.pdf'),
    pdf_source: JSON.stringify(pdfSource),
    created_at: receivedAt,
  };
}

/**
 * The demo invoices: about 210 across the universities, from the demo suppliers, with
 * line items, charges and GST that add up, ~15% with validation errors, ~5% whose
 * extraction failed. PDFs are rendered from `pdf_source` on first download (see the
 * pdf route), which keeps seeding fast. Runs after the orders seeder so that most
 * invoices bill a real order (PO number, lines and the link to the order).
 */
export async function seedInvoices(db: Db): Promise<void> {
  const rand = new Random(20261101);
  const orders = await loadDemoOrders(db);
  const rows: Array<Omit<InvoicesTable, 'oiid'>> = [];
  const numbers = new Map<string, number>();

  for (const buyer of UNIVERSITIES) {
    const count = INVOICES_PER_BUYER[buyer.key] ?? 40;
    for (let i = 0; i < count; i++) {
      const supplier = rand.pick(SUPPLIERS);
      const n = (numbers.get(supplier.key) ?? 0) + rand.int(1, 4);
      numbers.set(supplier.key, n);
      const receivedAt = new Date(BASE_DATE - rand.int(0, 200) * DAY - rand.int(0, 23 * 60) * 60 * 1000);
      const invoiceDate = new Date(receivedAt.getTime() - rand.int(0, 3) * DAY);
      const dateCreated = `${invoiceDate.toISOString().slice(0, 10)}T00:00:00.000Z`;
      const candidates = orders.get(`${buyer.key}|${supplier.key}`) ?? [];
      const order = candidates.length > 0 && rand.chance(0.85) ? rand.pick(candidates) : null;
      const doc = makeDocument(rand, supplier, buyer, n, dateCreated, order);
      const extracted = !rand.chance(0.05);
      const hasPdf = rand.chance(0.88);
      const hasHtml = !hasPdf || rand.chance(0.55);
      const title = rand.chance(0.85) ? 'Tax Invoice' : 'Invoice';
      // The buyer's Invoice Account Code for the supplier, numbered as the accounts seeder numbers SUPPLIER_CODE_AP.
      const supplierCode = `AP${10000 + (UNIVERSITIES.indexOf(buyer) + 1) * 100 + SUPPLIERS.indexOf(supplier)}`;
      const exported = extracted && doc.validationErrors.general.length === 0 && rand.chance(0.3);
      const veStatus = exported ? 'Exported' : extracted && rand.chance(0.22) ? 'Emailed' : 'Pending';
      const pdfSource: InvoicePdfInput = {
        title,
        supplier: partyOf(supplier, [`ABN ${ABN[supplier.key]}`, `${rand.int(2, 180)} ${rand.pick(['Industrial', 'Enterprise', 'Commerce', 'Botany'])} Drive`]),
        supplierCode,
        billTo: partyOf(buyer, ['Accounts Payable', `Building ${rand.int(1, 60)}, Campus Services`]),
        document: doc,
      };
      const senderEmail = `${rand.pick(['accounts', 'invoices', 'ar', 'billing'])}@${domainOf(supplier.email)}`;
      rows.push({
        buyer_key: buyer.key,
        supplier_key: supplier.key,
        read: exported || rand.chance(0.45) ? 1 : 0,
        exported: exported ? 1 : 0,
        ve_status: veStatus,
        title,
        supplier_name: extracted ? supplier.name : null,
        supplier_code: extracted ? supplierCode : null,
        document: extracted ? JSON.stringify(doc) : null,
        message_subject: rand.pick([
          `${title} ${doc.documentId} from ${supplier.name}`,
          `Invoice ${doc.documentId}${doc.referenceId ? ` - PO ${doc.referenceId}` : ''}`,
          `${supplier.name}: invoice ${doc.documentId}`,
          `Your ${supplier.name} invoice is ready`,
        ]),
        message_sender_email: senderEmail,
        message_created_date: receivedAt.toISOString(),
        message_recipients: JSON.stringify([
          `invoices@${domainOf(buyer.email)}`,
          ...(rand.chance(0.25) ? [buyer.email] : []),
        ]),
        message_html_body: hasHtml ? htmlBody(supplier, buyer, doc, hasPdf) : null,
        pdf_key: hasPdf ? `invoices/${buyer.key}/${supplier.key}-${n}.pdf` : null,
        pdf_source: hasPdf ? JSON.stringify(pdfSource) : null,
        created_at: receivedAt.toISOString(),
        rev: 0,
        deleted: 0,
      });
    }
  }

  const hostile = hostileEmailInvoice(rows);
  if (hostile) rows.push(hostile);

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx.insertInto('invoices').values(rows.slice(i, i + 100)).execute();
    }
    // Every mirrored row carries a revision, so the changes feed alone can rebuild a buyer's invoices.
    const seeded = await trx.selectFrom('invoices').select(['oiid', 'buyer_key']).where('rev', '=', 0).orderBy('oiid').execute();
    for (const row of seeded) {
      const rev = await recordChange(trx, {
        entity: 'invoice',
        key: String(row.oiid),
        op: 'upsert',
        scopes: [{ kind: 'buyer', orgKey: row.buyer_key }],
      });
      await trx.updateTable('invoices').set({ rev }).where('oiid', '=', row.oiid).execute();
    }
  });
}
