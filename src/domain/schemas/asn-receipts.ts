import { z } from 'zod';

/**
 * Receiving (issue 31): what the buyer's dock confirms arrived of each line of a
 * submitted ASN. A line received short (missing), damaged (arrived, not accepted) or
 * over (more arrived than the ASN announced) names why; a full line needs no reason.
 */
export const RECEIPT_REASONS = ['SHORT', 'DAMAGED', 'OVER'] as const;
export type ReceiptReason = (typeof RECEIPT_REASONS)[number];
/** The reasons of a line received below what was shipped. */
export const SHORT_REASONS: readonly ReceiptReason[] = ['SHORT', 'DAMAGED'];
/** The reason of a line received above what was shipped. */
export const OVER_REASONS: readonly ReceiptReason[] = ['OVER'];
/**
 * A dock may receive more than an ASN announced, but not more than this many times what
 * it ships: a quantity beyond that is taken for a typing slip (a code scanned into the
 * quantity, a digit too many) and refused.
 */
export const OVER_DELIVERY_FACTOR = 10;

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
