import { downloadRequestedSchema, uploadUrlSchema } from '../domain/schemas/catalogue';
import { jobQueuedSchema, jobSchema } from '../domain/schemas/jobs';
import { orgUrl, seg } from './org-path';
import { IDEMPOTENCY_HEADER, request } from './request';

/**
 * The catalogue's calls that are not mirrored (spec section 7): the template and export
 * actions, the upload URLs, and the jobs they start (the buyer's supplier pick list is
 * mirrored: mirror-calls.ts).
 * They act at once and tell the user how it went, so they are never queued.
 */
const once = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });
const buyerSeller = (buyerId: string, sellerId: string, rest: string) => orgUrl('buyer', buyerId, `/seller${seg(sellerId)}${rest}`);

/** Queues the template's generation; its job's downloadUrl is the file. */
export const requestTemplate = (buyerId: string, sellerId: string) =>
  request('POST', buyerSeller(buyerId, sellerId, '/meta/action/download'), { schema: downloadRequestedSchema, headers: once() });

export const templateUploadUrl = (buyerId: string, sellerId: string) =>
  request('POST', buyerSeller(buyerId, sellerId, '/meta/action/upload-url'), { schema: uploadUrlSchema }).then((a) => a.uploadUrl);

export const exportCatalogue = (buyerId: string, sellerId: string) =>
  request('POST', buyerSeller(buyerId, sellerId, '/product/action/export'), { schema: jobQueuedSchema, headers: once() });

export const priceFileUploadUrl = (sellerId: string) =>
  request('POST', orgUrl('seller', sellerId, '/ppo/action/upload-url'), { schema: uploadUrlSchema }).then((a) => a.uploadUrl);

export const fetchJob = (orgId: string, jobId: number) => request('GET', orgUrl('org', orgId, `/job${seg(jobId)}`), { schema: jobSchema });
