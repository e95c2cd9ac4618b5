import type { JobContext } from '../job-context';
import { JobFailure } from '../job-context';
import type { JobRow } from '../queue';

/** The uploaded file a job applies; it is gone only if the blob store lost it. */
export async function uploadedFile(ctx: JobContext, job: JobRow): Promise<Buffer> {
  const key = job.payload.blobKey;
  if (typeof key !== 'string') throw new JobFailure('The job names no uploaded file');
  const blob = await ctx.blobs.get(key);
  if (!blob) throw new JobFailure('The uploaded file is no longer available');
  return blob.bytes;
}

export const payloadText = (job: JobRow, name: string): string => {
  const value = job.payload[name];
  if (typeof value !== 'string' || !value) throw new JobFailure(`The job is missing ${name}`);
  return value;
};

export const jobUser = (job: JobRow): string => (typeof job.payload.user === 'string' ? job.payload.user : 'System');
