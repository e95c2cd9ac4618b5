import { z } from 'zod';
import { wholeNumber } from './numbers';
import { ASN_FIELD_LENGTHS } from '../constants';
import { text } from './text';

const accountTypeSchema = z.union([z.literal(1), z.literal(2)]);

/** An account (organisation) as the accounts list and the Add/Edit Account drawer see it. */
export const accountSchema = z.object({
  uniqueKey: z.string(),
  orgNo: z.number().int(),
  name: z.string(),
  tradingName: z.string().nullable(),
  type: accountTypeSchema,
  countryNo: z.number().int(),
  /** The suburb. */
  address2: z.string().nullable(),
  state: z.string().nullable(),
  postCode: z.string().nullable(),
  email: z.string().nullable(),
  industryNo: z.number().int(),
  membershipStatus: z.string(),
  busy: z.boolean(),
  alert: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * POST /org and PUT /org/{uniqueKey}. Industry number and membership status are the
 * server's to set, so the body's values for them are ignored. A POST may bring the new
 * account's unique key (the browser makes it, see account-unique-key.ts); a PUT's is ignored.
 */
export const accountInputSchema = z.object({
  name: text('name'),
  tradingName: text('name').nullish(),
  type: accountTypeSchema.optional(),
  countryNo: z.number().int().optional(),
  address2: text('name').nullish(),
  state: z.string().max(ASN_FIELD_LENGTHS.postalAddressState).nullish(),
  postCode: z.string().max(ASN_FIELD_LENGTHS.postalAddressPostcode).nullish(),
  email: z.string().max(ASN_FIELD_LENGTHS.email).nullish(),
  alert: z.boolean().optional(),
  uniqueKey: text('code').optional(),
  orgNo: z.number().int().optional(),
  industryNo: z.number().int().optional(),
  membershipStatus: text('code').optional(),
  busy: z.boolean().optional(),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

export const accountListQuerySchema = z.object({
  offset: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(100)).default(20),
  nameLike: z.string().optional(),
  type: wholeNumber().pipe(accountTypeSchema).optional(),
});

export const countrySchema = z.object({
  CountryNo: z.number().int(),
  Name: z.string(),
  Code: z.string().length(2),
  RegionNo: z.number().int().min(0).max(3),
});
export type Country = z.infer<typeof countrySchema>;

/** GET /org with a counterpart type, asked by a supplier or a buyer: only what a picker needs. */
export const counterpartSchema = accountSchema.pick({ uniqueKey: true, name: true, type: true });

/** GET /org: one offset page (page size 20). */
export const accountPageSchema = z.array(accountSchema);

/** GET /seller/{sellerId}/buyer/{buyerId}: the supplier's customer. */
export const customerSchema = z.object({
  uniqueKey: z.string(),
  name: z.string(),
  address2: z.string().nullable(),
  state: z.string().nullable(),
  postCode: z.string().nullable(),
  countryNo: z.number().int(),
});
