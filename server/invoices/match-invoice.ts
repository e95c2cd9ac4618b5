import { formatMessage } from '../../src/domain/messages';
import { matchInvoice as matchRules, type EarlierInvoice, type MatchInput, type MatchResult, type OrderLookup } from '../../src/domain/rules/invoice-matching';
import { quantitiesToMatch } from '../../src/domain/rules/asn-receipts';
import { isCreditNote } from '../../src/domain/rules/invoice-document-model';
import { describeMatchChange, outcomeLabel } from '../../src/domain/rules/match-changes';
import { matchingMessages } from '../../src/domain/matching-messages';
import type { ContractPrice } from '../../src/domain/schemas/catalogue';
import type { MatchingSettings } from '../../src/domain/schemas/invoice-matching';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import type { Db } from '../db/database';
import { uomMappingRows } from '../catalogue/products';
import { idList, inTextList } from '../db/id-list';
import { preparedQuery } from '../db/prepared-query';
import { writeHistory } from '../history';
import { receivedLinesOfOrder } from '../orders/asn-rows';
import { holdRevisions, recordChange, type Tx } from '../sync/change-log';
import { INVOICE_ENTITY, parseInvoiceDocument } from './invoice-rows';
import { matchingSettingsOf } from './matching-settings';

/** Who a matching run is written in history as, when no user asked for it. */
const MATCHING_USER = 'Invoice matching';

/** Why an invoice is matched (again): the history entry's action. */
export type MatchTrigger = 'Received' | 'ASN submitted' | 'Order updated' | 'Settings changed' | 'Invoice corrected' | 'Related invoice corrected' | 'Extraction re-run' | 'Goods received';

const trimmed = (v: string | null | undefined) => v?.trim() || null;

/**
 * What one matching run reads besides the invoice, kept for the invoices of one run:
 * re-matching all invoices of a buyer reads each supplier's units, each buyer's
 * settings and each order once, not once per invoice.
 */
export class MatchReads {
  private readonly settings = new Map<number, Promise<MatchingSettings>>();
  private readonly buyers = new Map<string, Promise<{ orgNo: number; name: string } | undefined>>();
  private readonly uoms = new Map<string, Promise<Map<string, string>>>();

  constructor(
    readonly db: Tx,
    readonly today: string = new Date().toISOString().slice(0, 10),
  ) {}

  buyer(key: string) {
    return memo(this.buyers, key, async () => (await buyerOrg(this.db, { key }))[0]);
  }

  settingsOf(orgNo: number) {
    return memo(this.settings, orgNo, () => matchingSettingsOf(this.db, orgNo));
  }

  /** The supplier's own unit codes mapped to standard units (its UOM Mapping). */
  supplierUoms(supplierKey: string) {
    return memo(this.uoms, supplierKey, async () => {
      const rows = await uomMappingRows(this.db, { sellerKey: supplierKey });
      return new Map(rows.filter((r) => r.code.trim()).map((r) => [r.code.trim().toUpperCase(), r.standard_unit]));
    });
  }
}

// The statements every invoice's match runs, compiled once (prepared-query.ts): a burst of
// mail is dozens of invoices a second, each matched as it is received.
const buyerOrg = preparedQuery((db, v: { key: string }) => db.selectFrom('orgs').select(['org_no as orgNo', 'name']).where('unique_key', '=', v.key));

const orderOfBuyer = preparedQuery((db, v: { buyerKey: string; po: string }) =>
  db.selectFrom('orders').select('id').where('buyer_key', '=', v.buyerKey).where('order_no', '=', v.po).where('deleted', '=', 0).limit(1),
);

const orderOfSupplier = preparedQuery((db, v: { supplierKey: string; po: string }) =>
  db.selectFrom('orders').select('id').where('seller_key', '=', v.supplierKey).where('order_no', '=', v.po).where('deleted', '=', 0).limit(1),
);

const orderOfParties = preparedQuery((db, v: { buyerKey: string; supplierKey: string; po: string }) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_total_currency', 'order_total_ext_tax', 'tax_total', 'order_no'])
    .where('buyer_key', '=', v.buyerKey)
    .where('seller_key', '=', v.supplierKey)
    .where('order_no', '=', v.po)
    .where('deleted', '=', 0),
);

const linesOfOrder = preparedQuery((db, v: { orderId: number }) =>
  db.selectFrom('order_lines').select(['number', 'supplier_product_code', 'uom', 'quantity', 'unit_price']).where('order_id', '=', v.orderId).orderBy('number'),
);

const invoicesQuotingPo = preparedQuery((db, v: { buyerKey: string; po: string }) =>
  db.selectFrom('invoices').select(['oiid', 'created_at', 'document', 'supplier_key', 'deleted']).where('buyer_key', '=', v.buyerKey).where('po_number', '=', v.po),
);

const invoicesOfNumber = preparedQuery((db, v: { buyerKey: string; supplierKey: string; number: string }) =>
  db
    .selectFrom('invoices')
    .select(['oiid', 'created_at', 'message_created_date', 'deleted'])
    .where('buyer_key', '=', v.buyerKey)
    .where('supplier_key', '=', v.supplierKey)
    .where('document_number', '=', v.number),
);

const contractPricesOfCodes = preparedQuery((db, v: { buyerKey: string; supplierKey: string; codes: unknown }) =>
  db
    .selectFrom('product_meta')
    .select(['product_code', 'contract_prices'])
    .where('buyer_key', '=', v.buyerKey)
    .where('seller_key', '=', v.supplierKey)
    .where(inTextList(db, 'product_code', v.codes))
    .where('deleted', '=', 0),
);

const writeMatch = preparedQuery(
  (db, v: { oiid: number; document: string | null; status: string; exceptions: number; po: string | null; number: string | null; rev: number }) =>
    db
      .updateTable('invoices')
      .set({ document: v.document, match_status: v.status, match_exceptions: v.exceptions, po_number: v.po, document_number: v.number, rev: v.rev })
      .where('oiid', '=', v.oiid),
);

const writeReferences = preparedQuery((db, v: { oiid: number; po: string | null; number: string | null }) =>
  db.updateTable('invoices').set({ po_number: v.po, document_number: v.number }).where('oiid', '=', v.oiid),
);

function memo<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let held = cache.get(key);
  if (!held) {
    held = load();
    cache.set(key, held);
  }
  return held;
}

/** The invoice columns matching reads. */
export interface InvoiceToMatch {
  oiid: number;
  buyer_key: string;
  supplier_key: string | null;
  supplier_name: string | null;
  document: string | null;
  message_sender_email: string;
  created_at: string;
  match_status: string | null;
  match_exceptions: number;
  intake_errors: string;
}

/**
 * The intake's own errors: its column, and (for invoices received before it had one)
 * the unauthenticated-sender error the document's General errors carry.
 */
function intakeErrorsOf(inv: InvoiceToMatch, doc: InvoiceDocument | null): string[] {
  const kept = JSON.parse(inv.intake_errors) as string[];
  const legacy = formatMessage.senderNotAuthenticated(inv.message_sender_email);
  const inDocument = (doc?.validationErrors.general ?? []).some((e) => e.error === legacy);
  return inDocument && !kept.includes(legacy) ? [...kept, legacy] : kept;
}

/** Why a PO number names no order of this buyer and supplier: another supplier's, another buyer's, or none. */
async function missingOrderKind(db: Tx, buyerKey: string, supplierKey: string | null, po: string): Promise<OrderLookup> {
  const [ofBuyer] = await orderOfBuyer(db, { buyerKey, po });
  if (ofBuyer) return { kind: 'otherSupplier' };
  const [ofSupplier] = supplierKey ? await orderOfSupplier(db, { supplierKey, po }) : [];
  return { kind: ofSupplier ? 'otherBuyer' : 'notFound' };
}

async function findOrder(db: Tx, buyerKey: string, supplierKey: string | null, po: string | null) {
  if (!po) return { lookup: { kind: 'noPoNumber' } as OrderLookup, orderId: null };
  // The usual case first, through the unique index on (buyer, seller, number).
  const [own] = supplierKey ? await orderOfParties(db, { buyerKey, supplierKey, po }) : [];
  if (!own) return { lookup: await missingOrderKind(db, buyerKey, supplierKey, po), orderId: null };
  const lines = await linesOfOrder(db, { orderId: own.id });
  const lookup: OrderLookup = {
    kind: 'found',
    order: {
      orderNo: own.order_no,
      currency: own.order_total_currency,
      total: Number(own.order_total_ext_tax) + Number(own.tax_total),
      lines: lines.map((l) => ({ number: l.number, code: l.supplier_product_code, uom: l.uom, quantity: Number(l.quantity), unitPrice: Number(l.unit_price) })),
    },
  };
  return { lookup, orderId: own.id };
}

/** Quantities per order line of the order's submitted ASNs: as received where the buyer received them, as shipped otherwise. */
async function shippedOf(db: Tx, orderId: number | null): Promise<{ quantities: Map<number, number>; received: Set<number> }> {
  if (orderId === null) return { quantities: new Map(), received: new Set() };
  return quantitiesToMatch(await receivedLinesOfOrder(db, orderId));
}

/**
 * Received before this one: earlier arrival, or the same moment and a lower id. Decided
 * here rather than in SQL: a range on created_at would lead SQLite to the buyer's
 * arrival index and through every earlier invoice of the buyer, for each invoice.
 */
const receivedBefore = (inv: InvoiceToMatch) => (other: { oiid: number; created_at: string }) =>
  other.oiid !== inv.oiid && (other.created_at < inv.created_at || (other.created_at === inv.created_at && other.oiid < inv.oiid));

/** Invoices and credit notes from the same supplier quoting the same PO, received before this one (not copies of it). */
async function earlierOf(db: Tx, inv: InvoiceToMatch, supplier: string, po: string, number: string | null): Promise<EarlierInvoice[]> {
  const rows = await invoicesQuotingPo(db, { buyerKey: inv.buyer_key, po });
  return rows
    .filter((r) => r.deleted === 0 && r.supplier_key === supplier && receivedBefore(inv)(r))
    .map((r) => parseInvoiceDocument(r.document))
    .filter((d): d is InvoiceDocument => d !== null && trimmed(d.documentId) !== number)
    .map((d) => ({
      creditNote: isCreditNote(d),
      totalValue: d.totalValue,
      lines: d.lineItems.map((l) => ({ code: l.code, quantity: l.qtyShipped })),
    }));
}

/** When the first invoice with this supplier and number was received, if this one is a copy. */
async function duplicateOf(db: Tx, inv: InvoiceToMatch, number: string | null): Promise<string | null> {
  if (!number || !inv.supplier_key) return null;
  const rows = await invoicesOfNumber(db, { buyerKey: inv.buyer_key, supplierKey: inv.supplier_key, number });
  const first = rows.filter((r) => r.deleted === 0 && receivedBefore(inv)(r)).sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : x.oiid - y.oiid))[0];
  return first?.message_created_date ?? null;
}

async function contractPricesOf(db: Tx, buyerKey: string, supplierKey: string | null, codes: string[]) {
  const prices = new Map<string, ContractPrice[]>();
  if (!supplierKey || codes.length === 0) return prices;
  const rows = await contractPricesOfCodes(db, { buyerKey, supplierKey, codes: idList(db, codes) });
  for (const r of rows) {
    const list = JSON.parse(r.contract_prices) as ContractPrice[];
    if (list.length) prices.set(r.product_code.trim().toUpperCase(), list);
  }
  return prices;
}

const INVOICE_TO_MATCH = [
  'oiid',
  'buyer_key',
  'supplier_key',
  'supplier_name',
  'document',
  'message_sender_email',
  'created_at',
  'match_status',
  'match_exceptions',
  'intake_errors',
] as const;

/**
 * Validates and matches one invoice inside the caller's transaction: reads its order
 * (by the PO number it quotes, of the same buyer and supplier), the order's submitted
 * ASNs, the invoices received before it against that order, the buyer's settings and
 * contract prices and the supplier's units; writes the validation errors and the
 * outcome, a new revision so tablets pull it, and a history entry saying what changed.
 * A run that changes nothing writes no entry, unless `recordUnchanged` (a clerk's
 * correction asked for it and is told what it found). `received`: the row the intake
 * has just inserted in this transaction, not read again; its first match gives it its
 * first revision.
 */
export async function matchInvoiceIn(
  reads: MatchReads,
  oiid: number,
  trigger: MatchTrigger,
  user: string = MATCHING_USER,
  { recordUnchanged = false, received }: { recordUnchanged?: boolean; received?: InvoiceToMatch } = {},
): Promise<MatchResult | null> {
  const { db } = reads;
  const inv = received ?? (await db.selectFrom('invoices').select(INVOICE_TO_MATCH).where('oiid', '=', oiid).where('deleted', '=', 0).executeTakeFirst());
  if (!inv) return null;
  const doc = parseInvoiceDocument(inv.document);
  const buyer = await reads.buyer(inv.buyer_key);
  const settings = buyer ? await reads.settingsOf(buyer.orgNo) : await reads.settingsOf(-1);
  const po = trimmed(doc?.referenceId);
  const number = trimmed(doc?.documentId);
  const { lookup, orderId } = doc ? await findOrder(db, inv.buyer_key, inv.supplier_key, po) : { lookup: { kind: 'noPoNumber' } as OrderLookup, orderId: null };
  const shipped = await shippedOf(db, orderId);
  const codes = [...new Set((doc?.lineItems ?? []).map((l) => l.code?.trim()).filter((c): c is string => Boolean(c)))];
  const input: MatchInput = {
    document: doc,
    supplierKey: inv.supplier_key,
    supplierName: inv.supplier_name,
    buyerName: buyer?.name ?? null,
    senderEmail: inv.message_sender_email,
    intakeErrors: intakeErrorsOf(inv, doc),
    duplicateReceivedOn: doc ? await duplicateOf(db, inv, number) : null,
    order: lookup,
    shipped: shipped.quantities,
    received: shipped.received,
    earlier: orderId !== null && po && inv.supplier_key ? await earlierOf(db, inv, inv.supplier_key, po, number) : [],
    contractPrices: await contractPricesOf(db, inv.buyer_key, inv.supplier_key, codes),
    supplierUoms: inv.supplier_key ? await reads.supplierUoms(inv.supplier_key) : new Map(),
    settings,
    today: reads.today,
  };
  const result = matchRules(input);

  const before = {
    errors: doc?.validationErrors ?? result.validationErrors,
    outcome: inv.match_status ? { status: inv.match_status as MatchResult['outcome']['status'], exceptions: Number(inv.match_exceptions) } : null,
  };
  const change = describeMatchChange(before, { errors: result.validationErrors, outcome: result.outcome });
  const written = (description: string) =>
    writeHistory(db, user, { orgKey: inv.buyer_key, entity: INVOICE_ENTITY, entityKey: String(oiid), type: 'MATCHED', action: `Matched (${trigger})`, description });
  // The order the invoice was matched to: the detail links to it.
  const referenceSystemId = orderId !== null ? String(orderId) : null;
  const relinked = doc !== null && doc.referenceSystemId !== referenceSystemId;
  if (change === null && !relinked && !received) {
    // Nothing a user sees changed: keep the revision, so tablets have nothing to pull. The
    // counter's lock is taken all the same, before the invoice's row lock (see holdRevisions).
    await holdRevisions(db);
    await writeReferences(db, { oiid, po, number });
    if (recordUnchanged) await written(matchingMessages.exceptionsUnchanged(outcomeLabel(result.outcome)));
    return result;
  }
  const rev = await recordChange(db, { entity: INVOICE_ENTITY, key: String(oiid), op: 'upsert', scopes: [{ kind: 'buyer', orgKey: inv.buyer_key }] });
  await writeMatch(db, {
    oiid,
    document: doc ? JSON.stringify({ ...doc, referenceSystemId, validationErrors: result.validationErrors }) : null,
    status: result.outcome.status,
    exceptions: result.outcome.exceptions,
    po,
    number,
    rev,
  });
  await written(change ?? result.outcome.status);
  return result;
}

async function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The intake's entry: matches a newly received (or re-extracted) invoice. */
export async function matchInvoice(db: Db, invoiceId: number, trigger: MatchTrigger = 'Received', user?: string): Promise<MatchResult | null> {
  return inTransaction(db, (trx) => matchInvoiceIn(new MatchReads(trx), invoiceId, trigger, user));
}

/** The invoices of the buyer quoting an order's PO number, oldest first (an earlier one bounds a later one). */
// Compiled once (prepared-query.ts): every change of an order looks for its invoices.
const invoicesQuotingOrder = preparedQuery((db, v: { buyerKey: string; orderNo: string }) =>
  db.selectFrom('invoices').select(['oiid']).where('buyer_key', '=', v.buyerKey).where('po_number', '=', v.orderNo).where('deleted', '=', 0).orderBy('created_at').orderBy('oiid'),
);

const orderOfId = preparedQuery((db, v: { id: number }) => db.selectFrom('orders').select(['buyer_key', 'order_no']).where('id', '=', v.id));

export async function invoicesOfOrder(db: Tx, order: { buyerKey: string; orderNo: string }): Promise<number[]> {
  const rows = await invoicesQuotingOrder(db, { buyerKey: order.buyerKey, orderNo: order.orderNo.trim() });
  return rows.map((r) => r.oiid);
}

/**
 * Matches again every invoice that quotes an order, after the order or its ASNs changed.
 * `orderKey` is the order's id. Runs in the caller's transaction when given one.
 */
export async function rematchInvoicesOfOrder(db: Db, orderKey: number, trigger: MatchTrigger = 'Order updated', user?: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const [order] = await orderOfId(trx, { id: orderKey });
    if (!order) return 0;
    const reads = new MatchReads(trx);
    const ids = await invoicesOfOrder(trx, { buyerKey: order.buyer_key, orderNo: order.order_no });
    for (const id of ids) await matchInvoiceIn(reads, id, trigger, user);
    return ids.length;
  });
}
