import { matchingMessages as m } from '../matching-messages';
import { messages } from '../messages';
import { contractPricesAt } from '../price-discrepancies';
import type { ContractPrice } from '../schemas/catalogue';
import type { MatchingSettings, MatchOutcome } from '../schemas/invoice-matching';
import type { InvoiceDocument, ValidationErrors } from '../schemas/invoices';
import { rec20Code } from '../uom';
import { en16931OfDocument, isCreditNote } from './invoice-document-model';
import { en16931Errors, roundCents } from './invoice-en16931';
import { priceWithinTolerance, quantityWithinTolerance, totalWithinTolerance } from './invoice-tolerances';

interface MatchOrderLine {
  number: number;
  code: string;
  uom: string;
  quantity: number;
  unitPrice: number;
}

export interface MatchOrder {
  orderNo: string;
  currency: string;
  /** Value of the order with tax: what its invoices together may bill. */
  total: number;
  lines: MatchOrderLine[];
}

/** What looking the invoice's PO number up among the buyer's orders found. */
export type OrderLookup =
  | { kind: 'found'; order: MatchOrder }
  | { kind: 'noPoNumber' }
  | { kind: 'notFound' }
  | { kind: 'otherSupplier' }
  | { kind: 'otherBuyer' };

/** An invoice or credit note received earlier against the same order. */
export interface EarlierInvoice {
  creditNote: boolean;
  totalValue: number;
  lines: Array<{ code: string | null; quantity: number }>;
}

export interface MatchInput {
  document: InvoiceDocument | null;
  supplierKey: string | null;
  supplierName: string | null;
  buyerName: string | null;
  senderEmail: string;
  /** General errors only the intake can know (a sender that failed authentication): kept through every run. */
  intakeErrors: readonly string[];
  /** The date an invoice with the same supplier and number was received before this one, if any. */
  duplicateReceivedOn: string | null;
  order: OrderLookup;
  /** Quantities shipped per order line number by the order's submitted ASNs (received, where `received` says so). */
  shipped: ReadonlyMap<number, number>;
  /** Order line numbers whose quantity in `shipped` is what the buyer received (issue 31), not what the ASNs announced. */
  received?: ReadonlySet<number>;
  earlier: readonly EarlierInvoice[];
  /** The buyer's contract prices per product code of this supplier. */
  contractPrices: ReadonlyMap<string, readonly ContractPrice[]>;
  /** The supplier's own unit codes (upper case) mapped to standard units (UOM Mapping). */
  supplierUoms: ReadonlyMap<string, string>;
  settings: MatchingSettings;
  /** Today, YYYY-MM-DD: an issue date after it is in the future. */
  today: string;
}

export interface MatchResult {
  validationErrors: ValidationErrors;
  outcome: MatchOutcome;
  /** Lines whose quantity no submitted ASN covers yet (3-way): why the invoice waits. */
  pendingLines: number[];
}

const codeKey = (code: string | null | undefined) => (code ?? '').trim().toUpperCase();

/** The Rec 20 code of a unit as the supplier writes it, through the supplier's UOM mapping first. */
function unitOf(uom: string | null, supplierUoms: ReadonlyMap<string, string>): string {
  const written = (uom ?? '').trim().toUpperCase();
  return rec20Code(supplierUoms.get(written) ?? written);
}

interface OrderedProduct {
  uom: string;
  unitPrice: number;
  ordered: number;
  shipped: number;
  /** What the buyer received counts for one of its lines at least. */
  received: boolean;
}

/** The order's lines per product code: one product ordered on several lines adds up. */
function orderedProducts(order: MatchOrder, shipped: ReadonlyMap<number, number>, received: ReadonlySet<number>): Map<string, OrderedProduct> {
  const products = new Map<string, OrderedProduct>();
  for (const l of order.lines) {
    const key = codeKey(l.code);
    const held = products.get(key);
    const shippedQty = shipped.get(l.number) ?? 0;
    if (held) {
      held.ordered += l.quantity;
      held.shipped += shippedQty;
      held.received ||= received.has(l.number);
    } else {
      products.set(key, { uom: l.uom, unitPrice: l.unitPrice, ordered: l.quantity, shipped: shippedQty, received: received.has(l.number) });
    }
  }
  return products;
}

/** Quantities earlier invoices already claimed per code; a credit note gives back what it credits. */
function claimedBefore(earlier: readonly EarlierInvoice[]): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const inv of earlier) {
    for (const l of inv.lines) {
      const key = codeKey(l.code);
      claimed.set(key, (claimed.get(key) ?? 0) + (inv.creditNote ? -l.quantity : l.quantity));
    }
  }
  return claimed;
}

/** The contract price for the invoiced unit and quantity: the band with the largest quantity not above it. */
function contractPriceFor(prices: readonly ContractPrice[], unit: string, quantity: number, date: string, supplierUoms: ReadonlyMap<string, string>) {
  const inForce = contractPricesAt(prices, date).filter((c) => unitOf(c.uom, supplierUoms) === unit);
  const bands = inForce.filter((c) => c.quantity <= quantity).sort((a, b) => b.quantity - a.quantity);
  return bands[0] ?? inForce.sort((a, b) => a.quantity - b.quantity)[0] ?? null;
}

function generalErrors(input: MatchInput, doc: InvoiceDocument): string[] {
  const errors: string[] = [...input.intakeErrors];
  const number = doc.documentId?.trim() || '(no number)';
  if (!input.supplierKey) errors.push(m.supplierNotIdentified(input.senderEmail));
  if (input.duplicateReceivedOn) errors.push(m.duplicate(number, input.supplierName ?? input.senderEmail, input.duplicateReceivedOn.slice(0, 10)));
  if (isCreditNote(doc) && !doc.precedingInvoiceId?.trim()) errors.push(m.creditNoteWithoutReference(number));
  return errors;
}

function headerErrors(input: MatchInput, doc: InvoiceDocument): string[] {
  const errors = en16931Errors(en16931OfDocument(doc, { sellerName: input.supplierName, buyerName: input.buyerName })).map((e) => e.message);
  const issueDay = doc.dateCreated.slice(0, 10);
  if (issueDay > input.today) errors.push(m.issueDateInFuture(issueDay));
  const po = doc.referenceId?.trim() ?? '';
  switch (input.order.kind) {
    case 'noPoNumber':
      errors.push(m.noPoNumber);
      return errors;
    case 'notFound':
      errors.push(m.poNotFound(po));
      return errors;
    case 'otherSupplier':
      errors.push(m.poOfOtherSupplier(po));
      return errors;
    case 'otherBuyer':
      errors.push(m.poOfOtherBuyer(po));
      return errors;
    case 'found':
      break;
  }
  const order = input.order.order;
  if (doc.currency.trim().toUpperCase() !== order.currency.trim().toUpperCase()) errors.push(m.currencyDiffers(doc.currency, order.currency, order.orderNo));
  if (!isCreditNote(doc)) {
    const before = roundCents(input.earlier.reduce((sum, inv) => sum + (inv.creditNote ? -inv.totalValue : inv.totalValue), 0));
    const left = roundCents(order.total - before);
    if (!totalWithinTolerance(doc.totalValue, left, order.total, input.settings)) {
      errors.push(m.totalAboveOrder(doc.totalValue, Math.max(left, 0), order.orderNo, order.total, before, input.settings.totalPercent));
    }
  }
  return errors;
}

function lineErrors(input: MatchInput, doc: InvoiceDocument): { errors: string[]; pending: number[] } {
  const errors: string[] = [];
  const pending: number[] = [];
  const lines = [...doc.lineItems].sort((a, b) => a.sequence - b.sequence || a.id - b.id);
  for (const l of lines) {
    const net = roundCents(l.grossLineTotal - l.tax);
    if (Math.abs(roundCents(l.qtyShipped * l.unitPrice - l.discount) - net) > 1e-9) {
      errors.push(m.lineArithmetic(l.sequence, l.code, l.qtyShipped, l.unitPrice, l.discount, net));
    }
  }
  if (input.order.kind !== 'found') return { errors, pending };
  const order = input.order.order;
  const products = orderedProducts(order, input.shipped, input.received ?? new Set());
  const claimed = claimedBefore(input.earlier);
  const credit = isCreditNote(doc);
  const { mode } = input.settings;

  for (const l of lines) {
    const key = codeKey(l.code);
    const product = key ? products.get(key) : undefined;
    if (!product) {
      errors.push(m.notOnOrder(l.sequence, l.code, order.orderNo));
      continue;
    }
    const unit = unitOf(l.uom, input.supplierUoms);
    const orderedUnit = unitOf(product.uom, new Map());
    if (unit !== orderedUnit) errors.push(m.uomDiffers(l.sequence, l.code, (l.uom ?? '').trim() || '(none)', product.uom));
    if (!priceWithinTolerance(l.unitPrice, product.unitPrice, input.settings)) {
      errors.push(m.priceDiffersFromOrder(l.sequence, l.code, l.unitPrice, product.unitPrice));
    }
    const contract = contractPriceFor(input.contractPrices.get(key) ?? [], unit, l.qtyShipped, doc.dateCreated, input.supplierUoms);
    if (contract && !priceWithinTolerance(l.unitPrice, contract.price, input.settings)) {
      errors.push(m.priceDiffersFromContract(l.sequence, l.code, l.unitPrice, contract.price));
    }

    const before = claimed.get(key) ?? 0;
    if (credit) {
      if (l.qtyShipped > before + 1e-9) errors.push(m.creditAboveInvoiced(l.sequence, l.code, l.qtyShipped, Math.max(before, 0)));
      claimed.set(key, before - l.qtyShipped);
      continue;
    }
    claimed.set(key, before + l.qtyShipped);
    const withinOrdered = quantityWithinTolerance(l.qtyShipped, product.ordered - before, input.settings);
    if (mode === '2-way') {
      if (!withinOrdered) errors.push(m.quantityAboveOrdered(l.sequence, l.code, l.qtyShipped, product.ordered, before));
      continue;
    }
    if (quantityWithinTolerance(l.qtyShipped, product.shipped - before, input.settings)) {
      // The dock may receive more than was ordered (issue 31, 'Over'): what arrived is a fact, not an order to pay for it.
      if (!withinOrdered) errors.push(m.quantityAboveOrdered(l.sequence, l.code, l.qtyShipped, product.ordered, before));
      continue;
    }
    // Once the product is shipped in full, what was shipped is final.
    if (product.shipped >= product.ordered) {
      const above = product.received ? m.quantityAboveReceived : m.quantityAboveShipped;
      errors.push(above(l.sequence, l.code, l.qtyShipped, product.shipped, before));
    }
    // What is ordered but not yet shipped may still come: the invoice waits for its ASN.
    else if (withinOrdered) pending.push(l.sequence);
    else errors.push(m.quantityAboveOrdered(l.sequence, l.code, l.qtyShipped, product.ordered, before));
  }
  return { errors, pending };
}

/**
 * Validates an invoice and matches it against its order (2-way) or its order and the
 * order's submitted ASNs (3-way): General, Header and Line errors, and the outcome.
 */
export function matchInvoice(input: MatchInput): MatchResult {
  const doc = input.document;
  if (!doc) {
    const general = [messages.documentExtractionError, ...input.intakeErrors].map((error) => ({ error }));
    return { validationErrors: { general, header: [], line: [] }, outcome: { status: 'Exceptions', exceptions: general.length }, pendingLines: [] };
  }
  const general = generalErrors(input, doc);
  const header = headerErrors(input, doc);
  const { errors: line, pending } = lineErrors(input, doc);
  const exceptions = general.length + header.length + line.length;
  const wrap = (list: string[]) => list.map((error) => ({ error }));
  return {
    validationErrors: { general: wrap(general), header: wrap(header), line: wrap(line) },
    outcome: { status: exceptions > 0 ? 'Exceptions' : pending.length > 0 ? 'Pending Receiving' : 'Matched', exceptions },
    pendingLines: pending,
  };
}
