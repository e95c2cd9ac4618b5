import { uploadUrlSchema } from '../domain/schemas/catalogue';
import { pricelistMappingSchema } from '../domain/schemas/pricelists';
import { orgUrl, seg } from './org-path';
import { request } from './request';

/**
 * The pricelist calls a screen makes while online (spec section 7, Pricelists):
 * the upload link of a price file and the universities a pricelist is mapped to.
 * Pages of pricelists and prices are mirrored by the sync engine (mirror-calls.ts).
 */
const pricelistPath = (pricelistId: string | number, rest = '') => `/pricelist${seg(pricelistId)}${rest}`;

export async function requestPriceUploadUrl(sellerId: string, pricelistId: string | number): Promise<string> {
  const answer = await request('POST', orgUrl('seller', sellerId, pricelistPath(pricelistId, '/price/action/upload-url')), {
    schema: uploadUrlSchema,
  });
  return answer.uploadUrl;
}

export const fetchPricelistBuyers = (sellerId: string, pricelistId: string | number) =>
  request('GET', orgUrl('seller', sellerId, pricelistPath(pricelistId, '/buyers')), { schema: pricelistMappingSchema });

export const savePricelistBuyers = (sellerId: string, pricelistId: string | number, buyerIds: string[]) =>
  request('PUT', orgUrl('seller', sellerId, pricelistPath(pricelistId, '/buyers')), { schema: pricelistMappingSchema, json: { buyerIds } });
