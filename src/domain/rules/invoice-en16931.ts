import { formatMoney } from '../money';

/**
 * The part of EN 16931's semantic model the portal's invoice fields carry. A field that
 * is absent from the document is undefined (or null), never 0: the standard's rules
 * tell "missing" from "zero" (BR-CO-11 holds for an invoice with neither allowances nor
 * their total, and fails for a total of 0.00 beside an allowance of 10.00).
 */
export interface En16931Invoice {
  /** BT-1 */
  number?: string | null;
  /** BT-2 */
  issueDate?: string | null;
  /** BT-3 (380 invoice, 381 credit note, ...) */
  typeCode?: string | null;
  /** BT-5 */
  currency?: string | null;
  /** BT-27 */
  sellerName?: string | null;
  /** BT-44 */
  buyerName?: string | null;
  /** BG-25: each line's net amount, BT-131 (undefined when the line states none). */
  lines: Array<{ netAmount?: number }>;
  /** BT-92 of each document-level allowance. */
  allowances: number[];
  /** BT-99 of each document-level charge. */
  charges: number[];
  /** BG-22; null when the document has no totals group at all. */
  totals: En16931Totals | null;
  /**
   * Each tax total group: its amount (BT-110 or BT-111), whether it is in the invoice
   * currency, and its VAT breakdown amounts (BT-117).
   */
  taxTotals: Array<{ amount?: number; inInvoiceCurrency: boolean; breakdown: number[] }>;
}

export interface En16931Totals {
  /** BT-106 */
  lineNet?: number;
  /** BT-107 */
  allowances?: number;
  /** BT-108 */
  charges?: number;
  /** BT-109 */
  withoutTax?: number;
  /** BT-112 */
  withTax?: number;
  /** BT-113 */
  paid?: number;
  /** BT-114 */
  rounding?: number;
  /** BT-115 */
  due?: number;
}

export interface En16931Error {
  rule: string;
  message: string;
}

/**
 * Rounds to cents as the standard's schematron does (XPath round: halves up), after
 * removing binary noise (1.005 * 100 is 100.49999999999999 in floating point).
 */
export function roundCents(value: number): number {
  return Math.round(Number((value * 100).toPrecision(12))) / 100;
}

/** The stated amount equals the computed one rounded to cents; the stated one is not rounded. */
function agrees(stated: number, computed: number): boolean {
  return Math.abs(stated - roundCents(computed)) < 1e-9;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const has = (v: number | undefined): v is number => v !== undefined;
const blank = (v: string | null | undefined) => !v || v.trim() === '';
const money = (v: number | undefined) => (v === undefined ? 'missing' : formatMoney(v));

/** BR-02 to BR-07 and BR-16: the mandatory content of the fields the portal shows. */
function mandatoryContent(inv: En16931Invoice): En16931Error[] {
  const errors: En16931Error[] = [];
  const need = (rule: string, missing: boolean, what: string) => {
    if (missing) errors.push({ rule, message: `${rule}: the invoice has no ${what}` });
  };
  need('BR-02', blank(inv.number), 'invoice number');
  need('BR-03', blank(inv.issueDate), 'issue date');
  need('BR-04', blank(inv.typeCode), 'type code (invoice or credit note)');
  need('BR-05', blank(inv.currency), 'currency');
  need('BR-06', blank(inv.sellerName), 'seller name');
  need('BR-07', blank(inv.buyerName), 'buyer name');
  need('BR-16', inv.lines.length === 0, 'lines');
  return errors;
}

/** BR-12 to BR-15: the totals group states each of its mandatory amounts. */
function mandatoryTotals(t: En16931Totals): En16931Error[] {
  const errors: En16931Error[] = [];
  const need = (rule: string, value: number | undefined, what: string) => {
    if (!has(value)) errors.push({ rule, message: `${rule}: the invoice states no ${what}` });
  };
  need('BR-12', t.lineNet, 'sum of line net amounts');
  need('BR-13', t.withoutTax, 'total without tax');
  need('BR-14', t.withTax, 'total with tax');
  need('BR-15', t.due, 'amount due');
  return errors;
}

/** BR-CO-10 to BR-CO-13 and BR-CO-16: the totals add up, to the cent. */
function totalsAddUp(inv: En16931Invoice, t: En16931Totals): En16931Error[] {
  const errors: En16931Error[] = [];
  const lineSum = sum(inv.lines.map((l) => l.netAmount ?? 0));
  if (!(has(t.lineNet) && agrees(t.lineNet, lineSum))) {
    errors.push({ rule: 'BR-CO-10', message: `BR-CO-10: sum of lines ${money(t.lineNet)} is not the lines' net amounts added up, ${formatMoney(lineSum)}` });
  }
  const docLevel = (rule: string, stated: number | undefined, amounts: number[], what: string) => {
    const ok = has(stated) ? agrees(stated, sum(amounts)) : amounts.length === 0;
    if (!ok) errors.push({ rule, message: `${rule}: ${what} total ${money(stated)} is not the ${what}s added up, ${formatMoney(sum(amounts))}` });
  };
  docLevel('BR-CO-11', t.allowances, inv.allowances, 'allowance');
  docLevel('BR-CO-12', t.charges, inv.charges, 'charge');

  const computedWithoutTax = (t.lineNet ?? 0) + (t.charges ?? 0) - (t.allowances ?? 0);
  // Without allowances and charges the standard compares the two amounts as stated, unrounded.
  const withoutTaxOk =
    has(t.withoutTax) &&
    has(t.lineNet) &&
    (has(t.charges) || has(t.allowances) ? agrees(t.withoutTax, computedWithoutTax) : t.withoutTax === t.lineNet);
  if (!withoutTaxOk) {
    errors.push({
      rule: 'BR-CO-13',
      message: `BR-CO-13: total without tax ${money(t.withoutTax)} is not lines ${money(t.lineNet)} - allowances ${formatMoney(t.allowances ?? 0)} + charges ${formatMoney(t.charges ?? 0)}`,
    });
  }

  const expectedDue = (t.withTax ?? 0) - (t.paid ?? 0);
  const dueOk =
    has(t.due) &&
    has(t.withTax) &&
    (has(t.rounding)
      ? Math.abs(roundCents(t.due - t.rounding) - (has(t.paid) ? roundCents(expectedDue) : t.withTax)) < 1e-9
      : has(t.paid)
        ? agrees(t.due, expectedDue)
        : t.due === t.withTax);
  if (!dueOk) {
    errors.push({
      rule: 'BR-CO-16',
      message: `BR-CO-16: amount due ${money(t.due)} is not total ${money(t.withTax)} - paid ${formatMoney(t.paid ?? 0)} + rounding ${formatMoney(t.rounding ?? 0)}`,
    });
  }
  return errors;
}

/** BR-CO-14: each tax total is its VAT breakdown added up (when it has one). */
function taxBreakdownAddsUp(inv: En16931Invoice): En16931Error[] {
  return inv.taxTotals
    .filter((t) => t.breakdown.length > 0 && !(has(t.amount) && agrees(t.amount, sum(t.breakdown))))
    .map((t) => ({
      rule: 'BR-CO-14',
      message: `BR-CO-14: tax ${money(t.amount)} is not the tax of each rate added up, ${formatMoney(sum(t.breakdown))}`,
    }));
}

/** BR-CO-15: total with tax = total without tax + the one tax total in the invoice currency. */
function totalWithTax(inv: En16931Invoice): En16931Error[] {
  if (blank(inv.currency)) return [];
  const inCurrency = inv.taxTotals.filter((t) => t.inInvoiceCurrency && has(t.amount));
  const t = inv.totals;
  const tax = inCurrency.length === 1 ? inCurrency[0]!.amount : undefined;
  if (has(tax) && has(t?.withTax) && has(t?.withoutTax) && agrees(t.withTax, t.withoutTax + tax)) return [];
  const taxText = inCurrency.length > 1 ? `${inCurrency.length} tax totals in ${inv.currency}` : `tax ${money(tax)}`;
  return [{ rule: 'BR-CO-15', message: `BR-CO-15: total ${money(t?.withTax)} is not net ${money(t?.withoutTax)} + ${taxText}` }];
}

/**
 * The EN 16931 rules (mandatory content and sums) that apply to the portal's invoice
 * fields, each error naming its rule id so a clerk can look it up.
 */
export function en16931Errors(inv: En16931Invoice): En16931Error[] {
  return [
    ...mandatoryContent(inv),
    ...(inv.totals ? [...mandatoryTotals(inv.totals), ...totalsAddUp(inv, inv.totals)] : []),
    ...taxBreakdownAddsUp(inv),
    ...totalWithTax(inv),
  ];
}

/** The rule ids en16931Errors checks. */
export const EN16931_RULES = [
  'BR-02', 'BR-03', 'BR-04', 'BR-05', 'BR-06', 'BR-07', 'BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-16',
  'BR-CO-10', 'BR-CO-11', 'BR-CO-12', 'BR-CO-13', 'BR-CO-14', 'BR-CO-15', 'BR-CO-16',
] as const;
