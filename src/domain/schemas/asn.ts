import { z } from 'zod';
import { wholeNumber } from './numbers';
import { text } from './text';
import { PAGE_SIZE } from '../constants';
import { addressInputSchema, addressSchema, emptyAddress } from './orders';
import { asnPackageSchema, asnPackagesSchema } from './asn-packages';
import { asnReceiptSchema } from './asn-receipts';

/** Advance ship notices (spec section 3). Drafts live in the browser; the server holds submitted ASNs only. */

const asnLineSchema = z.object({
  /** The order line's number. */
  number: z.number().int(),
  quantity: z.number(),
  uom: z.string(),
  /**
   * The barcodes (any UOM) of the line's product in the supplier's catalogue, as the
   * server reads them with the ASN: what a scan of a product at the buyer's dock is
   * matched with, on a device that holds no copy of that supplier's catalogue.
   * Absent when the product has none (or the line is a free-text item).
   */
  barcodes: z.array(z.string()).optional(),
});

const asnStateSchema = z.enum(['DRAFT', 'SUBMITTED']);

export const asnSchema = z.object({
  id: z.number().int(),
  shipmentId: z.string(),
  createdDate: z.string(),
  /** The issue date of the screens. */
  noticeDate: z.string(),
  deliveryDate: z.string(),
  shipmentDate: z.string(),
  carrierName: z.string(),
  trackingId: z.string(),
  shipFrom: addressSchema,
  shipTo: addressSchema,
  lines: z.array(asnLineSchema),
  /** Absent on ASNs mirrored before packages existed. */
  packages: z.array(asnPackageSchema).optional(),
  /** What the buyer received of each line, one per line received (issue 31); absent on ASNs mirrored before receiving existed. */
  receipts: z.array(asnReceiptSchema).optional(),
  orderNumber: z.string(),
  orderId: z.number().int(),
  sellerId: z.string(),
  buyerId: z.string(),
  exported: z.boolean(),
  waitingForAction: z.boolean(),
  state: asnStateSchema,
});
export type Asn = z.infer<typeof asnSchema>;

/** Spec lengths are worded by the rules (src/domain/rules/asn.ts); this bound only stops absurd input. */
const optionalText = text('line').nullish().transform((v) => v ?? '');

/** The body of POST /seller/{sellerId}/buyer/{buyerId}/asn; the rules of src/domain/rules/asn.ts then apply. */
export const asnSubmitSchema = z.object({
  orderNumber: optionalText,
  noticeDate: optionalText,
  deliveryDate: optionalText,
  shipmentDate: optionalText,
  carrierName: optionalText,
  trackingId: optionalText,
  shipFrom: addressInputSchema.default(emptyAddress),
  shipTo: addressInputSchema.default(emptyAddress),
  lines: z
    .array(z.object({ number: z.number().int(), quantity: z.number(), uom: optionalText }))
    .max(1000)
    .default([]),
  packages: asnPackagesSchema,
});
export type AsnSubmit = z.infer<typeof asnSubmitSchema>;

export const asnListQuerySchema = z.object({
  offset: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(100)).default(PAGE_SIZE),
  orderNumber: z.string().trim().max(100).optional(),
});
