import { z } from 'zod';
import { MatchReads, matchInvoiceIn } from '../../invoices/match-invoice';
import { JobFailure, type JobContext } from '../job-context';
import type { JobRow } from '../queue';

/** Invoices matched per transaction: short transactions, so other users' writes go between them. */
export const REMATCH_BATCH = 50;

const payloadSchema = z.object({ buyerKey: z.string().min(1), user: z.string() });

/**
 * Matches every invoice of a buyer again after the buyer changed its matching settings:
 * a job, since a buyer may hold tens of thousands of invoices. Runs in batches of short
 * transactions, oldest invoice first, and keeps its progress in the job's result.
 */
export async function rematchBuyerInvoices(ctx: JobContext, job: JobRow): Promise<unknown> {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new JobFailure('The re-matching job names no buyer');
  const { buyerKey, user } = parsed.data;
  const ids = (
    await ctx.db.selectFrom('invoices').select('oiid').where('buyer_key', '=', buyerKey).where('deleted', '=', 0).orderBy('created_at').orderBy('oiid').execute()
  ).map((r) => r.oiid);
  let changed = 0;
  for (let i = 0; i < ids.length; i += REMATCH_BATCH) {
    await ctx.db.transaction().execute(async (trx) => {
      const reads = new MatchReads(trx);
      for (const id of ids.slice(i, i + REMATCH_BATCH)) {
        if (await matchInvoiceIn(reads, id, 'Settings changed', user)) changed++;
      }
    });
    // better-sqlite3 answers synchronously: without a turn of the event loop between
    // batches the whole job would run before any other request is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { invoices: ids.length, matched: changed };
}
