import { z } from 'zod';
import type { OrgPathKind } from '../domain/roles';
import { changesAnswerSchema } from '../domain/schemas/sync';
import { apiUrl } from './endpoint';
import { orgUrl, seg } from './org-path';
import { request } from './request';

/**
 * The read calls the sync engine mirrors into the browser's store: the changes feed
 * and the paged lists and details of the spec (section 7). Rows stay plain records:
 * the store keeps whatever fields the server sends, the screens pick theirs.
 */
export type Row = Record<string, unknown>;
const rowSchema = z.record(z.string(), z.unknown());

export interface CallOptions {
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export type { Change } from '../domain/schemas/sync';

export function fetchChanges(kind: OrgPathKind, orgId: string, since: number, limit: number, opts: CallOptions = {}) {
  const url = apiUrl(`/sync/${kind}${seg(orgId)}/changes`, { since, limit });
  return request('GET', url, { schema: changesAnswerSchema, ...opts });
}

/** Lists answer either a bare array (offset paging) or `{data, cursor}` (cursor paging). */
const listAnswerSchema = z.union([
  z.array(rowSchema),
  z.object({ data: z.array(rowSchema), cursor: z.union([z.string(), z.number()]).nullish() }),
]);

export interface ListPage {
  rows: Row[];
  /** The cursor of the next page; null when the server said there is none. */
  cursor: string | null;
}

async function fetchList(url: string, opts: CallOptions): Promise<ListPage> {
  const answer = await request('GET', url, { schema: listAnswerSchema, ...opts });
  if (Array.isArray(answer)) return { rows: answer, cursor: null };
  return { rows: answer.data, cursor: answer.cursor == null || answer.cursor === '' ? null : String(answer.cursor) };
}

export interface OffsetQuery {
  offset: number;
  limit: number;
  [filter: string]: string | number | undefined;
}

export const fetchOrderPage = (kind: OrgPathKind, orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl(kind, orgId, '/order', query), opts);

export const fetchOrder = (kind: OrgPathKind, orgId: string, orderId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl(kind, orgId, `/order${seg(orderId)}`), { schema: rowSchema, ...opts });

export const fetchAsnPage = (kind: OrgPathKind, orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl(kind, orgId, '/asn', query), opts);

/** The history (audit trail) of one order or ASN; `type` keeps one kind, e.g. EXPORT_FAILED. */
export const fetchHistory = (kind: OrgPathKind, orgId: string, entityPath: string, type?: string, opts: CallOptions = {}) =>
  request('GET', orgUrl(kind, orgId, `${entityPath}/history`, { type }), { schema: z.array(rowSchema), ...opts });

export const fetchInvoicePage = (buyerId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('buyer', buyerId, '/invoice', query), opts);

export const fetchInvoice = (buyerId: string, invoiceId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl('buyer', buyerId, `/invoice${seg(invoiceId)}`), { schema: rowSchema, ...opts });

export const fetchPropertyPage = (orgId: string, query: OffsetQuery, opts: CallOptions = {}) =>
  fetchList(orgUrl('org', orgId, '/property', query), opts);

/** Products of a seller: the seller's own catalogue, or as one buyer sees it (with its meta). */
export function fetchProductPage(
  sellerId: string,
  buyerId: string | null,
  query: { limit: number; cursor?: string },
  opts: CallOptions = {},
) {
  const url = buyerId
    ? orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/product`, query)
    : orgUrl('seller', sellerId, '/product', query);
  return fetchList(url, opts);
}

/** One product of a seller, with the buyer's meta when a buyer is named. */
export function fetchProduct(sellerId: string, buyerId: string | null, productCode: string, opts: CallOptions = {}) {
  const url = buyerId
    ? orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/product${seg(productCode)}`)
    : orgUrl('seller', sellerId, `/product${seg(productCode)}`);
  return request('GET', url, { schema: rowSchema, ...opts });
}
