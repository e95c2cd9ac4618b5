import { z } from 'zod';
import { wholeNumber } from './numbers';
import { text } from './text';
import { PAGE_SIZE } from '../constants';

/**
 * Orders as the spec names them (section 3), typos kept (`priceCurreny`). One shape
 * serves the GET answers, the changes feed rows and the browser's mirror.
 */

export const addressSchema = z.object({
  name: z.string(),
  postalAddressName: z.string(),
  postalAddressStreet: z.string(),
  postalAddressCity: z.string(),
  postalAddressState: z.string(),
  postalAddressPostcode: z.string(),
  postalAddressCountryCode: z.string(),
  postalAddressCountryName: z.string(),
  email: z.string(),
  phoneCountryCode: z.string(),
  phoneAreaCode: z.string(),
  phoneNumber: z.string(),
  faxCountryCode: z.string(),
  faxAreaCode: z.string(),
  faxNumber: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const ADDRESS_FIELDS = Object.keys(addressSchema.shape) as Array<keyof Address>;

/** Spec lengths are worded by the rules (src/domain/rules/asn.ts); this bound only stops absurd input. */
const optionalText = text('line').nullish().transform((v) => v ?? '');

/** An address as sent by a form: every field may be left out and counts as empty. */
export const addressInputSchema = z.object({
  name: optionalText,
  postalAddressName: optionalText,
  postalAddressStreet: optionalText,
  postalAddressCity: optionalText,
  postalAddressState: optionalText,
  postalAddressPostcode: optionalText,
  postalAddressCountryCode: optionalText,
  postalAddressCountryName: optionalText,
  email: optionalText,
  phoneCountryCode: optionalText,
  phoneAreaCode: optionalText,
  phoneNumber: optionalText,
  faxCountryCode: optionalText,
  faxAreaCode: optionalText,
  faxNumber: optionalText,
}) satisfies z.ZodType<Address, unknown>;

/**
 * Every field empty, made once. An object built from the list of names costs twice as
 * much to spread as a copy of it, and addresses are spread from it per order of every
 * changes-feed page and per address of every cXML order read.
 */
export const EMPTY_ADDRESS: Readonly<Address> = { ...(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address) };

export function emptyAddress(): Address {
  return { ...EMPTY_ADDRESS };
}

const orderLineSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  supplierProductCode: z.string(),
  description: z.string(),
  quantity: z.number(),
  uom: z.string(),
  unitPrice: z.number(),
  priceCurreny: z.string(),
  taxLine: z.number(),
  taxLineCurrency: z.string(),
  lineComment: z.string(),
  /** The product code is not in the supplier's catalogue: the buyer ordered a free-text item. */
  freeText: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A row of the order list. `read` is the reading organisation's own flag (supplier and buyer each have one). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  orderDate: z.string(),
  state: z.string(),
  read: z.boolean(),
  canExport: z.boolean(),
  buyerId: z.string(),
  buyerName: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  /** The "Raised By User" column: the name of the order's contact. */
  raisedBy: z.string(),
  taxTotal: z.number(),
  taxTotalCurrency: z.string(),
  orderTotalExtTax: z.number(),
  orderTotalCurrency: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  contact: addressSchema,
  billTo: addressSchema,
  shipTo: addressSchema,
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = z.object({
  offset: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(100)).default(PAGE_SIZE),
  orderNumberLike: z.string().trim().max(100).optional(),
});

export const historyEntrySchema = z.object({
  date: z.string(),
  action: z.string(),
  description: z.string(),
  user: z.string(),
  /** The kind of entry (e.g. EXPORTED, EXPORT_FAILED): what `?type=` filters on. */
  type: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.object({ type: z.string().trim().max(50).optional() });
