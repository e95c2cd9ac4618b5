import { z } from 'zod';
import { matchingSettingsSchema } from '../domain/schemas/invoice-matching';
import type { OrgPathKind } from '../domain/roles';
import { accountSchema } from '../domain/schemas/accounts';
import { asnSchema } from '../domain/schemas/asn';
import { metaSchema, productWrapperSchema, supplierSchema } from '../domain/schemas/catalogue';
import { fillChunkCheck, fillPlanSchema, type FillRange } from '../domain/schemas/product-fill';
import { invoiceItemSchema } from '../domain/schemas/invoices';
import { historyEntrySchema, orderSchema, orderSummarySchema } from '../domain/schemas/orders';
import { pricelistMappingSchema, pricelistSchema } from '../domain/schemas/pricelists';
import {
  buyerSellerPropsRowSchema,
  buyerSettingsSchema,
  ediExportSettingSchema,
  orgPropertySchema,
  otherOrgPropertyRowSchema,
  receivingEmailSchema,
  senderSourceSchema,
  standardUnitsSchema,
  uomMappingSchema,
} from '../domain/schemas/properties';
import { changesAnswerSchema, type Change } from '../domain/schemas/sync';
import { userSchema } from '../domain/schemas/users';
import { ApiError } from './api-error';
import { apiUrl } from './endpoint';
import { orgUrl, seg } from './org-path';
import { request, requestWithText } from './request';

/**
 * The read calls the sync engine mirrors into the browser's store: the changes feed
 * and the paged lists and details of the spec (section 7). Every answer is parsed
 * here with the schema of src/domain the server answers with (orders, order lines,
 * ASNs, history, products and their meta, invoices, an organisation's properties,
 * other-account properties, receiving emails, sender sources, EDI export settings, the
 * UOM mapping, tax codes, a buyer's codes for its suppliers, accounts, a buyer's
 * suppliers, users, pricelists and their prices); entities without a schema yet stay plain records the
 * store keeps as sent.
 */
export type Row = Record<string, unknown>;
const rowSchema = z.record(z.string(), z.unknown());

/** The changes feed's rows of entities with a schema: shaped as that entity's GET answer. */
const FEED_ROW_SCHEMAS: Partial<Record<string, z.ZodType<Row>>> = {
  order: orderSchema,
  asn: asnSchema,
  product: productWrapperSchema,
  productMeta: metaSchema,
  invoice: invoiceItemSchema,
  orgProperty: orgPropertySchema,
  otherOrgProperty: otherOrgPropertyRowSchema,
  receivingEmail: receivingEmailSchema,
  senderSource: senderSourceSchema,
  ediExportSetting: ediExportSettingSchema,
  // The server sends the bare mapping (unit -> code); the store keeps it whole under `mapping` (see UomMappingRow).
  uomMapping: uomMappingSchema.transform((mapping) => ({ mapping })),
  buyerSettings: buyerSettingsSchema,
  invoiceMatching: matchingSettingsSchema,
  buyerSellerProps: buyerSellerPropsRowSchema,
  account: accountSchema,
  // A user community is per account: the feed's row names its account.
  user: userSchema.extend({ orgId: z.string() }),
  // The mapping comes along so Map Universities opens offline.
  pricelist: pricelistSchema.extend(pricelistMappingSchema.shape),
};

export interface CallOptions {
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** One change of the feed; an upsert's row is parsed (a record at least, its entity's schema where there is one). */
export type FeedChange = Omit<Change, 'row'> & { row?: Row };

function parseChange(change: Change): FeedChange {
  const { row, ...rest } = change;
  if (row === undefined) return rest;
  const parsed = (FEED_ROW_SCHEMAS[change.entity] ?? rowSchema).safeParse(row);
  if (!parsed.success) throw new ApiError(200, row, `The server sent an entity of type ${change.entity} in an unexpected shape`);
  return { ...rest, row: parsed.data };
}

export async function fetchChanges(kind: OrgPathKind, orgId: string, since: number, limit: number, opts: CallOptions = {}) {
  const url = apiUrl(`/sync/${kind}${seg(orgId)}/changes`, { since, limit });
  const answer = await request('GET', url, { schema: changesAnswerSchema, ...opts });
  return { ...answer, changes: answer.changes.map(parseChange) };
}

/** Lists answer either a bare array (offset paging) or `{data, cursor}` (cursor paging). */
const listAnswerSchema = <R extends z.ZodType>(item: R) =>
  z.union([z.array(item), z.object({ data: z.array(item), cursor: z.union([z.string(), z.number()]).nullish() })]);

export interface ListPage<R = Row> {
  rows: R[];
  /** The cursor of the next page; null when the server said there is none. */
  cursor: string | null;
  /** The answer as the server wrote it (checked: `rows` is it parsed with the schema). */
  text: string;
}

export async function fetchList<R extends Row>(url: string, opts: CallOptions, item: z.ZodType<R> = rowSchema as z.ZodType<R>): Promise<ListPage<R>> {
  const { data: answer, text } = await requestWithText('GET', url, { schema: listAnswerSchema(item), ...opts });
  if (Array.isArray(answer)) return { rows: answer, cursor: null, text };
  return { rows: answer.data, cursor: answer.cursor == null || answer.cursor === '' ? null : String(answer.cursor), text };
}

export interface OffsetQuery {
  offset: number;
  limit: number;
  [filter: string]: string | number | undefined;
}

export const fetchOrderPage = (kind: OrgPathKind, orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl(kind, orgId, '/order', query), opts, orderSummarySchema);

export const fetchOrder = (kind: OrgPathKind, orgId: string, orderId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl(kind, orgId, `/order${seg(orderId)}`), { schema: orderSchema, ...opts });

export const fetchAsnPage = (kind: OrgPathKind, orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl(kind, orgId, '/asn', query), opts, asnSchema);

/** The history (audit trail) of one order or ASN; `type` keeps one kind, e.g. EXPORT_FAILED. */
export const fetchHistory = (kind: OrgPathKind, orgId: string, entityPath: string, type?: string, opts: CallOptions = {}) =>
  request('GET', orgUrl(kind, orgId, `${entityPath}/history`, { type }), { schema: z.array(historyEntrySchema), ...opts });

export const fetchInvoicePage = (buyerId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('buyer', buyerId, '/invoice', query), opts, invoiceItemSchema);

export const fetchInvoice = (buyerId: string, invoiceId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}`), { schema: invoiceItemSchema, ...opts });

/** GET /org: the accounts support administers (suppliers and universities), by name. */
export const fetchAccountPage = (query: OffsetQuery, opts: CallOptions = {}) => fetchList(apiUrl('/org', query), opts, accountSchema);

/** GET /org/{orgid}/user: one account's user community. */
export const fetchUserPage = (orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('org', orgId, '/user', query), opts, userSchema);

/** GET /uom: the standard units, each with its description and variations. */
export const fetchStandardUnits = (opts: CallOptions = {}) => request('GET', apiUrl('/uom'), { schema: standardUnitsSchema, ...opts });

export const fetchPropertyPage = (orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('org', orgId, '/property', query), opts, orgPropertySchema);

/** GET /buyer/{buyerId}/seller: the buyer's supplier pick list, suppliers only, by name (`nameLike`). */
export const fetchSupplierPage = (buyerId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('buyer', buyerId, '/seller', query), opts, supplierSchema);

/** Products of a seller: the seller's own catalogue, or as one buyer sees it (with its meta). */
export function fetchProductPage(
  sellerId: string,
  buyerId: string | null,
  query: { limit: number; cursor?: string; q?: string },
  opts: CallOptions = {},
) {
  const url = buyerId
    ? orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/product`, query)
    : orgUrl('seller', sellerId, '/product', query);
  return fetchList(url, opts, productWrapperSchema);
}

/** One product of a seller, with the buyer's meta when a buyer is named. */
export function fetchProduct(sellerId: string, buyerId: string | null, productCode: string, opts: CallOptions = {}) {
  const url = buyerId
    ? orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/product${seg(productCode)}`)
    : orgUrl('seller', sellerId, `/product${seg(productCode)}`);
  return request('GET', url, { schema: productWrapperSchema, ...opts });
}

const fillUrl = (sellerId: string, buyerId: string | null, path: string, query: Record<string, string | number | undefined>) =>
  buyerId
    ? orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/products/fill${path}`, query)
    : orgUrl('seller', sellerId, `/products/fill${path}`, query);

/** How a seller's catalogue splits into fill chunks of `size` products (our call, not the spec's). */
export const fetchFillPlan = (sellerId: string, buyerId: string | null, size: number, opts: CallOptions = {}) =>
  request('GET', fillUrl(sellerId, buyerId, '', { size }), { schema: fillPlanSchema, ...opts });

/** One compact chunk of a fill, checked once as a whole, and its text as sent (the store keeps it). */
export const fetchFillChunk = (sellerId: string, buyerId: string | null, range: FillRange, opts: CallOptions = {}) =>
  requestWithText('GET', fillUrl(sellerId, buyerId, '/chunk', { from: range.from, to: range.to }), { schema: fillChunkCheck, ...opts });
