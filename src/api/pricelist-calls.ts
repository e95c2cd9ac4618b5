import { uploadUrlSchema } from '../domain/schemas/catalogue';
import { orgUrl, seg } from './org-path';
import { request } from './request';

/**
 * The pricelist call a screen makes while online (spec section 7, Pricelists): the
 * upload link of a price file. Pages of pricelists and prices and the universities a
 * pricelist is mapped to are mirrored by the sync engine (preference-mirror-calls.ts);
 * a new mapping is an outbox command.
 */
const pricelistPath = (pricelistId: string | number, rest = '') => `/pricelist${seg(pricelistId)}${rest}`;

export async function requestPriceUploadUrl(sellerId: string, pricelistId: string | number): Promise<string> {
  const answer = await request('POST', orgUrl('seller', sellerId, pricelistPath(pricelistId, '/price/action/upload-url')), {
    schema: uploadUrlSchema,
  });
  return answer.uploadUrl;
}
