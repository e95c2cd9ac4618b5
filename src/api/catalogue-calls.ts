import { SUPPLIER_PICKLIST_PAGE_SIZE } from '../domain/constants';
import { downloadRequestedSchema, supplierSchema, uploadUrlSchema } from '../domain/schemas/catalogue';
import { jobQueuedSchema, jobSchema } from '../domain/schemas/jobs';
import { orgUrl, seg } from './org-path';
import { IDEMPOTENCY_HEADER, request } from './request';

/**
 * The catalogue's calls that are not mirrored (spec section 7): the buyer's supplier
 * picker, the template and export actions, the upload URLs, and the jobs they start.
 * They act at once and tell the user how it went, so they are never queued.
 */
const once = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });
const buyerSeller = (buyerId: string, sellerId: string, rest: string) => orgUrl('buyer', buyerId, `/seller${seg(sellerId)}${rest}`);

/** Suppliers only, 100 a page, name contains `nameLike`. */
export const fetchSuppliers = (buyerId: string, nameLike: string, offset: number) =>
  request('GET', orgUrl('buyer', buyerId, '/seller', { nameLike: nameLike.trim() || undefined, offset, limit: SUPPLIER_PICKLIST_PAGE_SIZE }), {
    schema: supplierSchema.array(),
  });

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
