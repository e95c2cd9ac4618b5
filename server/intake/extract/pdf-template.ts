import type { RE2JS } from 're2js';
import { compileTemplatePattern } from '../../../src/domain/rules/extraction-template';
import type { ExtractionTemplate, TemplateField, TemplateLineField } from '../../../src/domain/schemas/extraction-templates';
import type { ExtractionOutcome, PartyIds } from './extracted-invoice';
import { type Decimal, parseFormattedDecimal, ZERO } from './decimal';
import { buildDocument, type LineFacts, lineSequence } from './invoice-facts';
import { parseTemplateDate } from './template-dates';

function matches(source: string, text: string): boolean {
  return compileTemplatePattern(source).matcher(text).find();
}

/** The first template whose keywords are all found in the text and whose excluded keywords are not. */
export function findTemplate(text: string, templates: readonly ExtractionTemplate[]): ExtractionTemplate | null {
  return (
    templates.find((t) => t.keywords.every((k) => matches(k, text)) && !t.excludeKeywords.some((k) => matches(k, text))) ?? null
  );
}

/** The value a pattern captures: its group named `value`, else its first group; lines of it joined by spaces. */
function capture(re: RE2JS, text: string): string | null {
  const m = re.matcher(text);
  if (!m.find()) return null;
  const named = Object.prototype.hasOwnProperty.call(re.namedGroups(), 'value');
  const value = named ? m.group('value') : m.group(1);
  const t = value?.replace(/\s*\n\s*/g, ' ').trim();
  return t ? t : null;
}

function digitsOnly(id: string | null): string | null {
  return id ? id.replace(/\s+/g, '') : null;
}

/**
 * Reads a PDF's text lines with a template: each field by its pattern, the line table
 * between the start and end patterns (a line matching no row pattern continues the
 * description of the row above it). Fails, naming what is missing, when the invoice's
 * number, date or total is not found or a number cannot be read.
 */
export function readWithTemplate(lines: readonly string[], template: ExtractionTemplate): ExtractionOutcome {
  const text = lines.join('\n');
  const fail = (what: string): ExtractionOutcome => ({ kind: 'failed', reason: `Template ${template.name}: ${what}`, showPdf: true });
  const field = (name: TemplateField): string | null => {
    const source = template.fields[name];
    return source ? capture(compileTemplatePattern(source), text) : null;
  };
  const money: Partial<Record<TemplateField, Decimal>> = {};
  for (const name of ['freight', 'additionalCharges', 'subtotal', 'discount', 'totalTax', 'totalValue'] as const) {
    const printed = field(name);
    if (printed === null) continue;
    const value = parseFormattedDecimal(printed, template.options.decimalSeparator);
    if (value === null) return fail(`${name} "${printed}" is not a number.`);
    money[name] = value;
  }
  const documentId = field('documentId');
  if (!documentId) return fail('no invoice number found.');
  const dateText = field('dateCreated');
  const date = dateText ? parseTemplateDate(dateText, template.options.dateFormats) : null;
  if (!date) return fail(dateText ? `the date "${dateText}" fits none of ${template.options.dateFormats.join(', ')}.` : 'no invoice date found.');
  if (money.totalValue === undefined) return fail('no invoice total found.');

  const rows = template.lines ? readLines(lines, template) : [];
  if (typeof rows === 'string') return fail(rows);

  const seller: PartyIds = { name: field('sellerName'), ids: [], email: field('sellerEmail') };
  const sellerAbn = digitsOnly(field('sellerAbn'));
  if (sellerAbn) seller.ids.push({ scheme: 'ABN', value: sellerAbn });
  const sellerVat = digitsOnly(field('sellerVat'));
  if (sellerVat) seller.ids.push({ scheme: 'VAT', value: sellerVat });
  const buyer: PartyIds = { name: field('buyerName'), ids: [], email: null };
  const buyerAbn = digitsOnly(field('buyerAbn'));
  if (buyerAbn) buyer.ids.push({ scheme: 'ABN', value: buyerAbn });

  const document = buildDocument({
    documentId,
    date,
    referenceId: field('referenceId'),
    currency: (field('currency') ?? template.options.currency).toUpperCase(),
    freight: money.freight ?? ZERO,
    additionalCharges: money.additionalCharges ?? ZERO,
    subtotal: money.subtotal ?? null,
    discount: money.discount ?? ZERO,
    totalTax: money.totalTax ?? ZERO,
    totalValue: money.totalValue,
    comments: field('comments'),
    lines: rows,
  });
  return {
    kind: 'invoice',
    showPdf: true,
    invoice: { format: 'PDF-TEMPLATE', creditNote: false, creditedInvoiceId: null, document, seller, buyer, template: template.name },
  };
}

/** The table's rows, or a sentence saying which cell could not be read. */
function readLines(lines: readonly string[], template: ExtractionTemplate): LineFacts[] | string {
  const spec = template.lines!;
  const start = compileTemplatePattern(spec.start);
  const end = compileTemplatePattern(spec.end);
  const row = compileTemplatePattern(spec.line);
  const skips = spec.skip.map(compileTemplatePattern);
  const groups = Object.keys(row.namedGroups()) as TemplateLineField[];
  const rows: LineFacts[] = [];
  let inside = false;
  for (const line of lines) {
    if (!inside) {
      inside = start.matcher(line).find();
      continue;
    }
    if (end.matcher(line).find()) break;
    if (skips.some((s) => s.matcher(line).find())) continue;
    const m = row.matcher(line);
    if (m.find()) {
      const cell = (name: TemplateLineField): string | null => (groups.includes(name) ? (m.group(name)?.trim() ?? null) || null : null);
      const num = (name: TemplateLineField): Decimal | string => {
        const value = cell(name);
        if (value === null) return ZERO;
        return parseFormattedDecimal(value, template.options.decimalSeparator) ?? `line ${rows.length + 1}: ${name} "${value}" is not a number.`;
      };
      const values = { quantity: num('qtyShipped'), unitPrice: num('unitPrice'), discount: num('discount'), tax: num('tax'), gross: num('grossLineTotal') };
      const bad = Object.values(values).find((v): v is string => typeof v === 'string');
      if (bad) return bad;
      const { quantity, unitPrice, discount, tax, gross } = values as Record<keyof typeof values, Decimal>;
      rows.push({
        sequence: lineSequence(cell('sequence')),
        code: cell('code'),
        description: cell('description'),
        quantity,
        uom: cell('uom'),
        unitPrice,
        discount,
        tax,
        net: gross - tax,
      });
    } else if (rows.length > 0 && line.trim()) {
      const last = rows[rows.length - 1]!;
      last.description = [last.description, line.trim()].filter(Boolean).join(' ');
    }
  }
  return rows;
}
