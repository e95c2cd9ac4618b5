import { z } from 'zod';
import { counterpartSchema } from '../domain/schemas/accounts';
import { PAGE_SIZE } from '../domain/constants';
import { categoryTreeSchema } from '../domain/schemas/catalogue';
import { priceGroupSchema, pricelistMappingSchema, pricelistSchema } from '../domain/schemas/pricelists';
import { fetchList, type CallOptions } from './mirror-calls';
import { apiUrl } from './endpoint';
import { orgUrl, seg } from './org-path';
import { request } from './request';

/** Read calls of the pricelists and preferences screens that the sync engine mirrors. */

export const fetchPricelistPage = (sellerId: string, cursor: string | null, opts: CallOptions = {}) =>
  fetchList(orgUrl('seller', sellerId, '/pricelist', { limit: PAGE_SIZE, cursor: cursor ?? undefined }), opts, pricelistSchema);

export const fetchPricePage = (sellerId: string, pricelistId: string, cursor: string | null, opts: CallOptions = {}) =>
  fetchList(orgUrl('seller', sellerId, `/pricelist${seg(pricelistId)}/price`, { limit: PAGE_SIZE, cursor: cursor ?? undefined }), opts, priceGroupSchema);

export const fetchPricelistBuyers = (sellerId: string, pricelistId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl('seller', sellerId, `/pricelist${seg(pricelistId)}/buyers`), { schema: pricelistMappingSchema, ...opts });

export const fetchCategoryTree = (buyerId: string, opts: CallOptions = {}) =>
  request('GET', orgUrl('buyer', buyerId, '/category-tree'), { schema: categoryTreeSchema, ...opts });

/** The other side's accounts a supplier or a buyer may pick (GET /org with the counterpart type). */
export const COUNTERPART_PAGE_SIZE = 100;
export const fetchCounterpartPage = (type: 1 | 2, offset: number, opts: CallOptions = {}) =>
  request('GET', apiUrl('/org', { type, offset, limit: COUNTERPART_PAGE_SIZE }), {
    schema: z.array(counterpartSchema),
    ...opts,
  });
