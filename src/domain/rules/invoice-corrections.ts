import { isValidIsoDate } from '../dates';
import { matchingMessages as m } from '../matching-messages';
import { fieldErrors, type FieldIssue } from '../messages';
import { TEXT_LENGTHS } from '../constants';
import type {
  FieldCorrection,
  HeaderCorrectionField,
  InvoiceCorrection,
  LineCorrectionField,
} from '../schemas/invoice-corrections';
import type { InvoiceDocument, InvoiceLineItem } from '../schemas/invoices';

/** The correction form's labels, also the names history gives the fields. */
export const CORRECTION_LABELS: Record<HeaderCorrectionField | LineCorrectionField, string> = {
  referenceId: 'PO Number',
  documentId: 'Invoice Number',
  dateCreated: 'Issue Date',
  code: 'Code',
  qtyShipped: 'Quantity',
  uom: 'UOM',
  unitPrice: 'Unit Price',
};

type CorrectionValue = string | number | null;

/** One field whose value a correction changes: what the invoice held and what it holds now. */
export interface CorrectionChange {
  field: HeaderCorrectionField | LineCorrectionField;
  lineId?: number;
  from: CorrectionValue;
  to: string | number;
}

/** The form's field id of a line field: errors and inputs are tied by it. */
export const lineFieldId = (lineId: number, field: LineCorrectionField) => `line.${lineId}.${field}`;

/** An issue date as the form shows and sends it: the day only. */
export const issueDay = (dateCreated: string) => dateCreated.slice(0, 10);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function requiredText(field: string, label: string, value: string | undefined): FieldIssue[] {
  if (value === undefined) return [];
  if (!value.trim()) return [{ field, message: fieldErrors.required(label) }];
  if (value.length > TEXT_LENGTHS.code) return [{ field, message: fieldErrors.tooLong(label, TEXT_LENGTHS.code) }];
  return [];
}

function number(field: string, label: string, value: number | undefined, positive: boolean): FieldIssue[] {
  if (value === undefined) return [];
  if (!Number.isFinite(value)) return [{ field, message: m.notANumber(label) }];
  if (positive && value <= 0) return [{ field, message: m.correctionMoreThanZero(label) }];
  if (value < 0) return [{ field, message: m.correctionNotNegative(label) }];
  return [];
}

/**
 * The correction form's rules, checked in the browser and again by the server: PO and
 * invoice number, a unit and a line's code are not blank; the issue date is a real day;
 * a quantity is more than 0 and a unit price not negative; every line is the invoice's.
 */
export function validateInvoiceCorrection(doc: InvoiceDocument, input: InvoiceCorrection): FieldIssue[] {
  const { header, lines } = input;
  const issues: FieldIssue[] = [
    ...requiredText('referenceId', CORRECTION_LABELS.referenceId, header.referenceId),
    ...requiredText('documentId', CORRECTION_LABELS.documentId, header.documentId),
  ];
  if (header.dateCreated !== undefined && !(DATE.test(header.dateCreated) && isValidIsoDate(header.dateCreated))) {
    issues.push({ field: 'dateCreated', message: m.correctionInvalidDate(CORRECTION_LABELS.dateCreated) });
  }
  for (const l of lines) {
    if (!doc.lineItems.some((held) => held.id === l.id)) {
      issues.push({ field: `line.${l.id}`, message: m.lineNotOnInvoice(l.id) });
      continue;
    }
    issues.push(
      ...requiredText(lineFieldId(l.id, 'code'), CORRECTION_LABELS.code, l.code),
      ...requiredText(lineFieldId(l.id, 'uom'), CORRECTION_LABELS.uom, l.uom),
      ...number(lineFieldId(l.id, 'qtyShipped'), CORRECTION_LABELS.qtyShipped, l.qtyShipped, true),
      ...number(lineFieldId(l.id, 'unitPrice'), CORRECTION_LABELS.unitPrice, l.unitPrice, false),
    );
  }
  return issues;
}

const same = (a: CorrectionValue, b: string | number) => (typeof b === 'string' ? (a ?? '').toString().trim() === b.trim() : a === b);

/** The fields the correction changes, in form order; a value equal to the held one is no change. */
export function correctionChanges(doc: InvoiceDocument, input: InvoiceCorrection): CorrectionChange[] {
  const changes: CorrectionChange[] = [];
  const header: Array<[HeaderCorrectionField, CorrectionValue, string | undefined]> = [
    ['referenceId', doc.referenceId, input.header.referenceId?.trim()],
    ['documentId', doc.documentId, input.header.documentId?.trim()],
    ['dateCreated', issueDay(doc.dateCreated), input.header.dateCreated],
  ];
  for (const [field, from, to] of header) if (to !== undefined && !same(from, to)) changes.push({ field, from, to });
  for (const l of input.lines) {
    const held = doc.lineItems.find((h) => h.id === l.id);
    if (!held) continue;
    const fields: Array<[LineCorrectionField, CorrectionValue, string | number | undefined]> = [
      ['code', held.code, l.code?.trim()],
      ['qtyShipped', held.qtyShipped, l.qtyShipped],
      ['uom', held.uom, l.uom?.trim()],
      ['unitPrice', held.unitPrice, l.unitPrice],
    ];
    for (const [field, from, to] of fields) if (to !== undefined && !same(from, to)) changes.push({ field, lineId: l.id, from, to });
  }
  return changes;
}

/**
 * The document with the corrected values. Totals and line totals stay as the supplier
 * wrote them: a corrected quantity that now agrees with the line's net is what clears the
 * arithmetic error, and one that does not still shows it.
 */
export function applyCorrections(doc: InvoiceDocument, changes: readonly CorrectionChange[]): InvoiceDocument {
  const next: InvoiceDocument = { ...doc, lineItems: doc.lineItems.map((l) => ({ ...l })) };
  for (const c of changes) {
    if (c.lineId === undefined) {
      if (c.field === 'dateCreated') next.dateCreated = `${String(c.to)}T00:00:00.000Z`;
      else if (c.field === 'referenceId' || c.field === 'documentId') next[c.field] = String(c.to);
      continue;
    }
    const line = next.lineItems.find((l) => l.id === c.lineId);
    if (!line) continue;
    if (c.field === 'qtyShipped' || c.field === 'unitPrice') line[c.field] = Number(c.to);
    else if (c.field === 'code' || c.field === 'uom') line[c.field] = String(c.to);
  }
  return next;
}

const sameField = (a: Pick<FieldCorrection, 'field' | 'lineId'>, b: Pick<CorrectionChange, 'field' | 'lineId'>) =>
  a.field === b.field && (a.lineId ?? null) === (b.lineId ?? null);

/**
 * What the invoice keeps of its corrections: per field, the value the extraction read
 * (the first correction's `from`, never overwritten by a later one) and who corrected it
 * last. A field corrected back to what was extracted is no longer a correction.
 */
export function recordCorrections(held: readonly FieldCorrection[], changes: readonly CorrectionChange[], user: string, date: string): FieldCorrection[] {
  let kept = [...held];
  for (const c of changes) {
    const earlier = kept.find((k) => sameField(k, c));
    const extracted = earlier ? earlier.extracted : c.from;
    kept = kept.filter((k) => !sameField(k, c));
    if (extracted !== null && same(extracted, c.to)) continue;
    kept.push({ field: c.field, ...(c.lineId !== undefined ? { lineId: c.lineId } : {}), extracted, user, date });
  }
  return kept;
}

const shown = (value: CorrectionValue) => (value === null || String(value).trim() === '' ? m.noValue : String(value));

/** The field's name in history: 'PO Number', or 'Line 2 (AB-1) Quantity' for a line's field. */
function correctionFieldName(change: Pick<CorrectionChange, 'field' | 'lineId'>, lines: readonly InvoiceLineItem[]): string {
  const label = CORRECTION_LABELS[change.field];
  if (change.lineId === undefined) return label;
  const line = lines.find((l) => l.id === change.lineId);
  return line ? m.lineField(line.sequence, line.code, label) : label;
}

/** The history entry's action: 'PO Number corrected', 'Line 2 (AB-1) Quantity corrected'. */
export function correctionAction(change: Pick<CorrectionChange, 'field' | 'lineId'>, lines: readonly InvoiceLineItem[]): string {
  return m.fieldCorrectedAction(correctionFieldName(change, lines));
}

/** 'PO Number corrected from 4500001 to 4500011 by Jo Clerk'; the line is named as the document held it before. */
export function correctionDescription(change: CorrectionChange, lines: readonly InvoiceLineItem[], user: string): string {
  return m.fieldCorrected(correctionFieldName(change, lines), shown(change.from), shown(change.to), user);
}

/** The value the extraction read for a corrected field, as the form shows it beside the field; null when not corrected. */
export function extractedValueOf(corrections: readonly FieldCorrection[] | undefined, field: FieldCorrection['field'], lineId?: number): string | null {
  const found = corrections?.find((c) => sameField(c, { field, lineId }));
  return found ? shown(found.extracted) : null;
}
