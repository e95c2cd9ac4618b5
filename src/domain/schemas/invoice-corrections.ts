import { z } from 'zod';
import { text } from './text';

/** Header fields of an extracted invoice a clerk may correct (spec section 3, Document). */
const HEADER_CORRECTION_FIELDS = ['referenceId', 'documentId', 'dateCreated'] as const;
export type HeaderCorrectionField = (typeof HEADER_CORRECTION_FIELDS)[number];

/** Fields of one extracted line a clerk may correct (spec section 3, Line item). */
const LINE_CORRECTION_FIELDS = ['code', 'qtyShipped', 'uom', 'unitPrice'] as const;
export type LineCorrectionField = (typeof LINE_CORRECTION_FIELDS)[number];

const amount = z.number().finite();

/**
 * A clerk's corrections of misread fields, sent as one change: only the fields that
 * differ from what the invoice holds. Texts are trimmed by the form; the rules in
 * rules/invoice-corrections.ts word what is wrong, this schema only bounds the shape.
 */
export const invoiceCorrectionSchema = z
  .object({
    header: z
      .object({
        referenceId: text('code').optional(),
        documentId: text('code').optional(),
        /** YYYY-MM-DD. */
        dateCreated: z.string().max(10).optional(),
      })
      .strict()
      .default({}),
    lines: z
      .array(
        z
          .object({
            id: z.number().int(),
            code: text('code').optional(),
            qtyShipped: amount.optional(),
            uom: text('code').optional(),
            unitPrice: amount.optional(),
          })
          .strict(),
      )
      .max(1000)
      .default([]),
  })
  .strict();
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;
export type InvoiceCorrectionInput = z.input<typeof invoiceCorrectionSchema>;

/**
 * A field a clerk corrected, with the value the extraction read: the invoice keeps both,
 * so a correction never loses what the supplier's document said.
 */
export const fieldCorrectionSchema = z.object({
  field: z.enum([...HEADER_CORRECTION_FIELDS, ...LINE_CORRECTION_FIELDS]),
  /** The line's id for a line field; absent for a header field. */
  lineId: z.number().int().optional(),
  extracted: z.union([z.string(), z.number()]).nullable(),
  user: z.string(),
  date: z.string(),
});
export type FieldCorrection = z.infer<typeof fieldCorrectionSchema>;
