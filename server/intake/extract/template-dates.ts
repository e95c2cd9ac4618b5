import type { TEMPLATE_DATE_FORMATS } from '../../../src/domain/schemas/extraction-templates';

type DateFormat = (typeof TEMPLATE_DATE_FORMATS)[number];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Each format as a pattern whose groups are year, month and day in some order. */
const SHAPES: Record<DateFormat, { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'D MMM YYYY': { re: /^(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})$/, order: ['d', 'm', 'y'] },
  'D MMMM YYYY': { re: /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})$/, order: ['d', 'm', 'y'] },
  'MMM D, YYYY': { re: /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/, order: ['m', 'd', 'y'] },
  'DD-MMM-YYYY': { re: /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/, order: ['d', 'm', 'y'] },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})$/, order: ['y', 'm', 'd'] },
};

/** A printed date read with the first of a template's formats that fits, as YYYY-MM-DD; null when none does. */
export function parseTemplateDate(text: string, formats: readonly DateFormat[]): string | null {
  const t = text.trim().replace(/\s+/g, ' ');
  for (const format of formats) {
    const shape = SHAPES[format];
    const m = shape.re.exec(t);
    if (!m) continue;
    const parts: Record<string, string> = {};
    shape.order.forEach((k, i) => (parts[k] = m[i + 1]!));
    const month = /^\d+$/.test(parts.m!) ? Number(parts.m) : MONTHS.indexOf(parts.m!.slice(0, 3).toLowerCase()) + 1;
    const day = `${parts.y}-${String(month).padStart(2, '0')}-${parts.d!.padStart(2, '0')}`;
    const parsed = new Date(`${day}T00:00:00Z`);
    if (month >= 1 && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day)) return day;
  }
  return null;
}
