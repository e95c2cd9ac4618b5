import { formatMessage } from '../../src/domain/messages';
import { JobFailure, JobFinished, type JobHandler } from '../jobs/job-context';
import type { JobRow } from '../jobs/queue';
import { insertIntakeMessage, sha256Key } from './accept-message';
import { processIntakeMessage, type IntakeJobClaim } from './process-message';

/** Runs a message for its job, which ends in the transaction that creates the invoices when this run creates them. */
async function processForJob(ctx: Parameters<JobHandler>[0], job: JobRow, messageId: number) {
  const claim: IntakeJobClaim = { job, finished: false };
  const result = await processIntakeMessage(ctx, messageId, claim);
  return claim.finished ? new JobFinished(result) : result;
}

/** A received message (mail, cXML) becomes invoices. */
export const handleIntakeMessage: JobHandler = async (ctx, job) => processForJob(ctx, job, Number(job.payload.messageId));

/**
 * A file a buyer uploaded (the PUT of the signed URL stored it): one intake message of
 * its own, refused when the same bytes were uploaded to this buyer before.
 */
export const handleInvoiceUpload: JobHandler = async (ctx, job) => {
  const { blobKey, contentType, user, fileName } = job.payload as { blobKey: string; contentType: string; user: string; fileName?: string };
  const name = fileName ?? 'invoice';
  const blob = await ctx.blobs.get(blobKey);
  if (!blob) throw new JobFailure(`The uploaded file ${name} is missing`);
  const dedupeKey = sha256Key(blob.bytes);
  const buyer = { buyerKey: job.orgKey, code: null, recipients: [] };
  const messageId = await ctx.db.transaction().execute(async (trx) => {
    const earlier = await trx.selectFrom('intake_messages').select('id').where('buyer_key', '=', job.orgKey).where('dedupe_key', '=', dedupeKey).executeTakeFirst();
    if (earlier) return null;
    return insertIntakeMessage(trx, { source: 'upload', contentType, sender: user, buyer, blobKey, size: blob.bytes.length, fileName: name, dedupeKey });
  });
  if (messageId === null) throw new JobFailure(formatMessage.invoiceUploadDuplicate(name));
  return processForJob(ctx, job, messageId);
};
