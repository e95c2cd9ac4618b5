import { z } from 'zod';
import { wholeNumber } from './numbers';
import { text } from './text';
import { ASN_FIELD_LENGTHS, EDI_DOC_TYPES, EDI_TYPES } from '../constants';

const ediDocTypeSchema = z.enum(EDI_DOC_TYPES);
export type EdiDocType = z.infer<typeof ediDocTypeSchema>;
const ediTypeSchema = z.enum(EDI_TYPES);
export type EdiType = z.infer<typeof ediTypeSchema>;

/** GET /org/{id}/property rows. */
export const orgPropertySchema = z.object({
  orgPropertyNo: z.number().int(),
  orgNo: z.number().int(),
  property: z.string(),
  value: z.string(),
});
export type OrgProperty = z.infer<typeof orgPropertySchema>;

/** POST /org/{id}/property and PUT .../{propNo}: the org comes from the path, never the body. */
export const orgPropertyInputSchema = z.object({
  property: text('code'),
  value: text('text'),
  orgPropertyNo: z.number().int().optional(),
  orgNo: z.number().int().optional(),
});

const otherOrgPropertySchema = z.object({
  otherOrgUniqueKey: text('code'),
  property: text('code'),
  value: text('text'),
});
export type OtherOrgProperty = z.infer<typeof otherOrgPropertySchema>;
export const otherOrgPropertyInputSchema = otherOrgPropertySchema;
/**
 * The changes feed's row of an account and name: one row however many records hold the
 * pair, `records` counting them (more than one is the spec's conflict).
 */
export const otherOrgPropertyRowSchema = otherOrgPropertySchema.extend({ records: z.number().int().optional() });
export type OtherOrgPropertyRow = z.infer<typeof otherOrgPropertyRowSchema>;

export const receivingEmailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  emailAddress: z.string(),
});
export type ReceivingEmail = z.infer<typeof receivingEmailSchema>;
export const receivingEmailInputSchema = z.object({
  code: text('code'),
  emailAddress: z.string().max(ASN_FIELD_LENGTHS.email),
  id: z.number().int().optional(),
});

/** The spec's "Sender Source"; the API path calls it sending-email-domain. */
export const senderSourceSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
});
export type SenderSource = z.infer<typeof senderSourceSchema>;
export const senderSourceInputSchema = z.object({
  identifier: text('line'),
  id: z.number().int().optional(),
});

/**
 * One per doc type. For EMAIL the recipient list (comma separated) is kept in
 * `endpoint`; for cXML `endpoint` is the URL posted to, with `user`/`password` as
 * basic authentication when set.
 */
export const ediExportSettingSchema = z.object({
  id: z.number().int(),
  docType: ediDocTypeSchema,
  orderFormat: z.number().int(),
  type: ediTypeSchema,
  ftpServer: z.string().nullable(),
  ftpDir: z.string().nullable(),
  user: z.string().nullable(),
  /** The password is write-only: answers only say whether one is stored. */
  passwordSet: z.boolean(),
  endpoint: z.string().nullable(),
});
export type EdiExportSetting = z.infer<typeof ediExportSettingSchema>;

/** The form sends the order format as typed: the rule, not the schema, says "integer with no decimals". */
export const ediExportSettingInputSchema = z.object({
  id: z.number().int().optional(),
  docType: ediDocTypeSchema,
  orderFormat: z.union([z.number(), z.string()]).optional(),
  type: ediTypeSchema.optional(),
  ftpServer: text('line').nullish(),
  ftpDir: text('line').nullish(),
  user: text('name').nullish(),
  /** Write-only: left out or empty keeps the stored password, a text replaces it, null clears it. */
  password: text('secret').nullish(),
  /** A URL (cXML) or a recipient list (EMAIL). */
  endpoint: text('url').nullish(),
});

/** GET /uom: standard unit -> description and variations. */
const uomStandardEntrySchema = z.object({
  description: z.string(),
  variations: z.array(z.string()),
});
export type UomStandardEntry = z.infer<typeof uomStandardEntrySchema>;
export const standardUnitsSchema = z.record(z.string(), uomStandardEntrySchema);

/** GET and PUT /seller/{id}/uom: standard unit -> the organisation's own code. */
export const uomMappingSchema = z.record(text('code'), text('code'));
export type UomMapping = z.infer<typeof uomMappingSchema>;

/** GET or POST /buyer/{id}. */
const taxCodeMappingSchema = z.object({
  taxableCode: text('code'),
  nonTaxableCode: text('code'),
});
export const buyerSettingsSchema = z.object({ taxCodeMapping: taxCodeMappingSchema });
export type BuyerSettings = z.infer<typeof buyerSettingsSchema>;
/** Before the buyer ever saves tax codes the answer carries null. */
export const buyerSettingsAnswerSchema = z.object({ taxCodeMapping: taxCodeMappingSchema.nullable() });

/** GET or POST /buyer/{buyerId}/seller/{sellerId}/props. */
export const buyerSellerPropsSchema = z.object({ supplierCode: text('code') });
export const buyerSellerPropsAnswerSchema = z.object({ supplierCode: z.string().nullable() });
/** The changes feed's row of a buyer's code for one supplier, keyed `buyer/seller`. */
export const buyerSellerPropsRowSchema = z.object({ sellerId: z.string(), supplierCode: z.string() });
export type BuyerSellerPropsRow = z.infer<typeof buyerSellerPropsRowSchema>;

/** Offset-paged lists of the Properties tab (page size 20). */
export const orgPropertyPageSchema = z.array(orgPropertySchema);
export const otherOrgPropertyPageSchema = z.array(otherOrgPropertySchema);
export const receivingEmailPageSchema = z.array(receivingEmailSchema);
export const senderSourcePageSchema = z.array(senderSourceSchema);
export const ediExportSettingPageSchema = z.array(ediExportSettingSchema);

export const pageQuerySchema = z.object({
  offset: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(100)).default(20),
});
