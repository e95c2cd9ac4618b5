import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { deliverDocument, type Delivery, type DeliveryInput } from '../edi/deliver';
import { writeHistory } from '../history';
import { HttpError } from '../http/errors';
import { mutate, type MutationResult } from '../http/mutate';
import type { Tx } from '../sync/change-log';

/**
 * Runs an export as one idempotent mutation: the document is delivered inside the
 * transaction that marks it exported, so a state change never claims a delivery that
 * did not happen. A failed delivery rolls the change back, then leaves an
 * EXPORT_FAILED history entry in its own transaction and answers 422 with the reason (a 4xx, as the invoice export does, so the outbox does not retry a misconfigured channel by itself);
 * nothing is stored under the Idempotency-Key, so the same request may be retried.
 */
export async function exportWithHistory(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    user: SessionUser;
    failure: { orgKey: string; entity: string; entityKey: string; what: string };
    work: (trx: Tx, deliver: (input: DeliveryInput) => Promise<Delivery>) => Promise<MutationResult>;
  },
): Promise<FastifyReply> {
  let deliveryError: Error | null = null;
  // The setting is read through the transaction: SQLite has one connection, which the transaction holds.
  const deliver = (trx: Tx) => async (input: DeliveryInput) => {
    try {
      return await deliverDocument(trx, input);
    } catch (error) {
      deliveryError = error instanceof Error ? error : new Error(String(error));
      throw new HttpError(422, [`${opts.failure.what} export failed: ${deliveryError.message}`]);
    }
  };
  try {
    return await mutate(db, request, reply, (trx) => opts.work(trx, deliver(trx)));
  } catch (error) {
    const failed = deliveryError as Error | null;
    if (failed) {
      await db.transaction().execute((trx) =>
        writeHistory(trx, opts.user, {
          orgKey: opts.failure.orgKey,
          entity: opts.failure.entity,
          entityKey: opts.failure.entityKey,
          type: 'EXPORT_FAILED',
          action: 'Export failed',
          description: failed.message,
        }),
      );
    }
    throw error;
  }
}

/** Where a document went, for the history: a LOCAL export names the file, not the server's folders. */
export function deliveryText(delivery: Delivery, fileName: string): string {
  return delivery.channel === 'LOCAL' ? `via LOCAL as ${fileName}` : `via ${delivery.channel} to ${delivery.location}`;
}
