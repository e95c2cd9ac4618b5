import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { mutate } from '../http/mutate';
import { queueEdiExport } from './export-job';
import { exportRules, type EdiExportPayload } from './export-targets';

/**
 * An export request: the entity's state is checked and the export queued in one
 * transaction, answered 202 `{jobId}` (the job of an export of the same entity already
 * queued or running, when there is one). The job delivers (server/edi/export-job.ts), so
 * no request waits on a partner and no crash leaves an entity marked exported unsent.
 */
export function queueExportAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: EdiExportPayload): Promise<FastifyReply> {
  return mutate(db, request, reply, async (trx) => {
    await exportRules[payload.target].check(trx, payload);
    return { status: 202, body: { jobId: await queueEdiExport(trx, payload) } };
  });
}
