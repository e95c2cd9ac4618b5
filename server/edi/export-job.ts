import { writeHistory } from '../history';
import { JobFailure, JobRetry, type JobHandler } from '../jobs/job-context';
import { JOB_KINDS } from '../jobs/kinds';
import { enqueueJob, finishJob } from '../jobs/queue';
import type { Tx } from '../sync/change-log';
import { deliverDocument } from './deliver';
import { DeliveryRefused } from './delivery-types';
import { ediExportPayloadSchema, exportRules, historyOf, type EdiExportPayload } from './export-targets';

/** Claims of one export, the first included: a partner that stays down this long is reported as a failure. */
export const EDI_EXPORT_MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 30 * 60_000;

/** 30 s, 1, 2, 4, 8 min, ... at most 30 min, with a little jitter so exports failing together do not retry together. */
function ediRetryDelayMs(attempt: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** What a finished export job answers (its `result`): never an address or a path of the server. */
interface EdiExportResult {
  channel: string | null;
  fileName: string | null;
  payloadId: string | null;
  /** Why nothing was sent (the ASN was exported by another job meanwhile). */
  skipped?: string;
}

/**
 * Queues the export of one entity, inside the caller's transaction. While an export of
 * the same entity is queued or running, its job is answered instead of a second one.
 */
export async function queueEdiExport(trx: Tx, payload: EdiExportPayload): Promise<number> {
  const pending = await trx
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('org_key', '=', payload.orgKey)
    .where('kind', '=', JOB_KINDS.ediExport)
    .where('state', 'in', ['queued', 'running'])
    .execute();
  const same = pending.find((job) => {
    const queued = ediExportPayloadSchema.safeParse(JSON.parse(job.payload));
    return queued.success && queued.data.target === payload.target && queued.data.id === payload.id;
  });
  return same?.id ?? enqueueJob(trx, { orgKey: payload.orgKey, kind: JOB_KINDS.ediExport, payload });
}

/**
 * Runs one export: builds the document in a short transaction, delivers it with no
 * transaction open, then records the entity's new state, the EXPORTED history and the
 * job's end in one transaction. Nothing says exported before the partner took the
 * document. A process that dies before that commit leaves the job to be claimed again
 * (its lease runs out), and the document is sent again with the same payloadID, so the
 * partner can tell the copy; the commit happens once. A passing failure (network, a
 * partner's 5xx) is retried with backoff; a refusal, a setting that cannot work, or the
 * last attempt fails the job. Every failed attempt writes EXPORT_FAILED history with the reason.
 */
export const exportEdiDocument: JobHandler = async (ctx, job) => {
  const payload = ediExportPayloadSchema.parse(job.payload);
  const rules = exportRules[payload.target];
  const fail = async (reason: string): Promise<never> => {
    await ctx.db.transaction().execute(async (trx) => {
      await writeHistory(trx, payload.user, { ...historyOf(payload), type: 'EXPORT_FAILED', action: 'Export failed', description: reason });
      await finishJob(trx, job, { state: 'failed', result: null, error: `${rules.failurePrefix}: ${reason}` });
    });
    throw new JobFailure(`${rules.failurePrefix}: ${reason}`);
  };
  if (job.attempts > EDI_EXPORT_MAX_ATTEMPTS) return fail('The export was interrupted too often');

  let prepared;
  try {
    prepared = await ctx.db.transaction().execute((trx) => rules.prepare(trx, payload, job.id));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if ('skipped' in prepared) return { channel: null, fileName: null, payloadId: null, skipped: prepared.skipped } satisfies EdiExportResult;

  const { document } = prepared;
  let delivery;
  try {
    delivery = await deliverDocument(ctx.db, ctx.config, {
      orgKey: prepared.receiverKey,
      docType: prepared.docType,
      fileName: document.fileName,
      contentType: prepared.contentType,
      content: document.content,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof DeliveryRefused || job.attempts >= EDI_EXPORT_MAX_ATTEMPTS) return fail(reason);
    await ctx.db.transaction().execute((trx) =>
      writeHistory(trx, payload.user, {
        ...historyOf(payload),
        type: 'EXPORT_FAILED',
        action: 'Export failed',
        description: `${reason} (attempt ${job.attempts} of ${EDI_EXPORT_MAX_ATTEMPTS}; it is tried again)`,
      }),
    );
    throw new JobRetry(reason, ediRetryDelayMs(job.attempts));
  }

  const result: EdiExportResult = { channel: delivery.channel, fileName: document.fileName, payloadId: document.payloadId };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await rules.finish(trx, payload, prepared, delivery))) result.skipped = 'Exported by another job meanwhile';
    // Only the holder of the claim finishes: had the job been claimed again meanwhile, this rolls back.
    if (!(await finishJob(trx, job, { state: 'done', result, error: null }))) throw new Error('The export job was claimed again meanwhile');
  });
  return result;
};
