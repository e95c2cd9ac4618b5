import { z } from 'zod';

/**
 * Receiving (issue 31): what the buyer's dock confirms arrived of each line of a
 * submitted ASN. A line received short (missing) or damaged (arrived, not accepted)
 * names why; a full line needs no reason.
 */
export const RECEIPT_REASONS = ['SHORT', 'DAMAGED'] as const;
export type ReceiptReason = (typeof RECEIPT_REASONS)[number];

const receiptReasonSchema = z.enum(RECEIPT_REASONS).nullable().default(null);

/** The body of POST /buyer/{orgId}/asn/{asnId}/receipt: every line of the ASN, once. */
export const asnReceiptInputSchema = z.object({
  lines: z
    .array(z.object({ number: z.number().int(), quantity: z.number().finite(), reason: receiptReasonSchema }))
    .min(1)
    .max(1000),
  /** When the goods were received on the device (a receipt made offline is sent later); the server bounds it. */
  receivedAt: z.string().datetime().optional(),
  /** Names the change in 'Changes not sent' while it waits; the server reads the ASN from the path, never this. */
  shipmentId: z.string().max(100).optional(),
});
export type AsnReceiptInput = z.infer<typeof asnReceiptInputSchema>;

/** One ASN line as received, on the ASN the server answers and mirrors. */
export const asnReceiptSchema = z.object({
  number: z.number().int(),
  quantity: z.number(),
  reason: receiptReasonSchema,
  receivedAt: z.string(),
  receivedBy: z.string(),
});
export type AsnReceipt = z.infer<typeof asnReceiptSchema>;
