import { jobSchema } from '../domain/schemas/jobs';
import { uploadUrlSchema } from '../domain/schemas/catalogue';
import { orgUrl, seg } from './org-path';
import { request } from './request';

/** The upload link of a buyer's category tree file. */
export async function requestCategoryTreeUploadUrl(buyerId: string): Promise<string> {
  const answer = await request('POST', orgUrl('buyer', buyerId, '/category-tree/action/upload-url'), { schema: uploadUrlSchema });
  return answer.uploadUrl;
}

/** The upload link of an invoice file (PDF or XML) a buyer sends to the intake. */
export async function requestInvoiceUploadUrl(buyerId: string, fileName: string): Promise<string> {
  const answer = await request('POST', orgUrl('buyer', buyerId, '/invoice/action/upload-url'), { schema: uploadUrlSchema, json: { fileName } });
  return answer.uploadUrl;
}

/** One background job of an organisation (an import started by an upload), to show its outcome. */
export const fetchJob = (orgId: string, jobId: number) => request('GET', orgUrl('org', orgId, `/job${seg(jobId)}`), { schema: jobSchema });

