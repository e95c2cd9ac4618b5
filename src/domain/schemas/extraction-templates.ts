import { z } from 'zod';

/** Header fields a PDF extraction template can read: the spec's Document, and the parties routing needs. */
const TEMPLATE_FIELDS = [
  'documentId',
  'dateCreated',
  'referenceId',
  'currency',
  'freight',
  'additionalCharges',
  'subtotal',
  'discount',
  'totalTax',
  'totalValue',
  'comments',
  'sellerName',
  'sellerAbn',
  'sellerVat',
  'sellerEmail',
  'buyerName',
  'buyerAbn',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** The spec's Line item columns a line pattern names with its groups. */
export const TEMPLATE_LINE_FIELDS = ['sequence', 'code', 'description', 'qtyShipped', 'uom', 'unitPrice', 'discount', 'tax', 'grossLineTotal'] as const;
export type TemplateLineField = (typeof TEMPLATE_LINE_FIELDS)[number];

export const TEMPLATE_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'D MMM YYYY', 'D MMMM YYYY', 'MMM D, YYYY', 'DD-MMM-YYYY', 'YYYYMMDD'] as const;

const TEMPLATE_PATTERN_MAX = 500;
const pattern = z.string().min(1).max(TEMPLATE_PATTERN_MAX);

/**
 * A supplier's PDF layout as data, in the manner of invoice2data: keywords (patterns
 * that must all be found) recognise the layout, a pattern per field reads it (its
 * first group, or the group named `value`), and the line patterns read the table
 * between `start` and `end`, one named group per column. Patterns are RE2 syntax: no
 * back-references or look-arounds, and matching time grows only linearly with the text.
 */
export const extractionTemplateBodySchema = z.object({
  keywords: z.array(pattern).min(1).max(20),
  excludeKeywords: z.array(pattern).max(20).default([]),
  fields: z.partialRecord(z.enum(TEMPLATE_FIELDS), pattern),
  lines: z
    .object({
      start: pattern,
      end: pattern,
      line: pattern,
      /** Lines inside the table that are neither a row nor part of one (repeated headers, page footers). */
      skip: z.array(pattern).max(10).default([]),
    })
    .nullable()
    .default(null),
  options: z
    .object({
      currency: z.string().trim().length(3).default('AUD'),
      dateFormats: z.array(z.enum(TEMPLATE_DATE_FORMATS)).min(1).max(5).default(['YYYY-MM-DD']),
      decimalSeparator: z.enum(['.', ',']).default('.'),
    })
    .default({ currency: 'AUD', dateFormats: ['YYYY-MM-DD'], decimalSeparator: '.' }),
});
export type ExtractionTemplateBody = z.infer<typeof extractionTemplateBodySchema>;

/** A template as the intake uses it: named, and tied to the supplier whose layout it reads. */
export type ExtractionTemplate = ExtractionTemplateBody & { name: string; supplierKey: string | null };

/** What support saves from the account drawer: a name and the template's JSON. */
export const extractionTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  template: z.string().min(2).max(20_000),
});
export type ExtractionTemplateInput = z.infer<typeof extractionTemplateInputSchema>;

/** A supplier's template as support sees it; `shipped` ones come with the product until support saves its own. */
export const extractionTemplateViewSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  supplierKey: z.string(),
  template: z.string(),
  shipped: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ExtractionTemplateView = z.infer<typeof extractionTemplateViewSchema>;
