import type { InvoiceDocument } from '../../../src/domain/schemas/invoices';
import { type Decimal, sum, toMoney, toNumber } from './decimal';

/** One line as a document states it, in exact decimals; `net` is the line's amount before tax. */
export interface LineFacts {
  sequence: number | null;
  code: string | null;
  description: string | null;
  quantity: Decimal;
  uom: string | null;
  unitPrice: Decimal;
  discount: Decimal;
  tax: Decimal;
  net: Decimal;
}

export interface DocumentFacts {
  documentId: string | null;
  /** The invoice date as YYYY-MM-DD. */
  date: string;
  referenceId: string | null;
  currency: string;
  freight: Decimal;
  additionalCharges: Decimal;
  subtotal: Decimal | null;
  discount: Decimal;
  totalTax: Decimal;
  totalValue: Decimal | null;
  comments: string | null;
  lines: LineFacts[];
}

/**
 * The spec's Document from exact facts: money rounded to cents once, at the end; a
 * subtotal or total the document leaves out is the sum its parts give.
 */
export function buildDocument(f: DocumentFacts): InvoiceDocument {
  const subtotal = f.subtotal ?? sum(f.lines.map((l) => l.net));
  const totalValue = f.totalValue ?? subtotal - f.discount + f.freight + f.additionalCharges + f.totalTax;
  return {
    documentId: f.documentId,
    dateCreated: `${f.date}T00:00:00.000Z`,
    referenceId: f.referenceId,
    referenceSystemId: null,
    currency: f.currency,
    freight: toMoney(f.freight),
    additionalCharges: toMoney(f.additionalCharges),
    subtotal: toMoney(subtotal),
    discount: toMoney(f.discount),
    totalTax: toMoney(f.totalTax),
    totalValue: toMoney(totalValue),
    comments: f.comments,
    validationErrors: { general: [], header: [], line: [] },
    lineItems: f.lines.map((l, i) => ({
      id: i + 1,
      sequence: l.sequence ?? i + 1,
      code: l.code,
      description: l.description,
      qtyShipped: toNumber(l.quantity),
      uom: l.uom,
      unitPrice: toNumber(l.unitPrice),
      discount: toMoney(l.discount),
      tax: toMoney(l.tax),
      grossLineTotal: toMoney(l.net + l.tax),
    })),
  };
}

/** A line number the portal can sort by: a whole number as written, else its position. */
export function lineSequence(id: string | null): number | null {
  return id && /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/**
 * The calendar day of a document's date: "2026-01-31", CII's "20260131" (format 102),
 * cXML's "2026-01-31T11:45:51-07:00" (the day as the supplier wrote it). Null when none.
 */
export function isoDay(text: string | null): string | null {
  const t = text?.trim() ?? '';
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/.exec(t);
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
}

/** Document-level charges split as the portal shows them: freight apart from the other charges. */
const FREIGHT_CODES = new Set(['FC', 'DL', 'FI', 'ABW', 'SAA']);
const FREIGHT_WORDS = /freight|shipping|delivery|carriage|postage|transport|porto|fracht|livraison/i;

export function isFreightCharge(reasonCode: string | null, reason: string | null): boolean {
  return (reasonCode !== null && FREIGHT_CODES.has(reasonCode.toUpperCase())) || (reason !== null && FREIGHT_WORDS.test(reason));
}

export function joinComments(notes: Array<string | null>): string | null {
  const kept = notes.map((n) => n?.trim()).filter((n): n is string => !!n);
  return kept.length ? kept.join('\n') : null;
}

/** An xsd:boolean: "true" or "1". */
export function isTrue(text: string | null): boolean {
  return text === 'true' || text === '1';
}
