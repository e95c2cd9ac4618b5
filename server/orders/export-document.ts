import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import { deliverDocument, type Delivery, type DeliveryInput } from '../edi/deliver';
import { writeHistory } from '../history';
import { HttpError } from '../http/errors';
import { mutate, replayIfStored, type MutationResult } from '../http/mutate';
import type { Tx } from '../sync/change-log';

export interface PreparedExport<T> {
  document: DeliveryInput;
  /** Whatever `finish` needs from the preparation (the loaded entity). */
  state: T;
}

/**
 * Runs an export in three steps so that no network call happens inside a database
 * transaction (a receiver that never answers would otherwise hold the database for
 * every other user):
 * 1. `prepare`, in a short transaction: checks the state, claims the entity if it must
 *    not be exported twice, and builds the document;
 * 2. the delivery, with no transaction open;
 * 3. `finish`, as one idempotent mutation: the state change and the EXPORTED history.
 * A failed delivery runs `release` (undoes the claim) and leaves an EXPORT_FAILED
 * history entry in one transaction, then answers 422 with the reason (a 4xx, so the
 * outbox does not retry a misconfigured channel by itself); nothing is stored under
 * the Idempotency-Key, so the same request may be retried.
 */
export async function exportWithHistory<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    user: SessionUser;
    failure: { orgKey: string; entity: string; entityKey: string; prefix: string };
    prepare: (trx: Tx) => Promise<PreparedExport<T>>;
    release?: (trx: Tx, state: T) => Promise<void>;
    finish: (trx: Tx, state: T, delivery: Delivery) => Promise<MutationResult>;
  },
): Promise<FastifyReply> {
  const replayed = await replayIfStored(db, request, reply);
  if (replayed) return replayed;
  const prepared = await db.transaction().execute((trx) => opts.prepare(trx));
  let delivery: Delivery;
  try {
    delivery = await deliverDocument(db, prepared.document);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.transaction().execute(async (trx) => {
      await opts.release?.(trx, prepared.state);
      await writeHistory(trx, opts.user, {
        orgKey: opts.failure.orgKey,
        entity: opts.failure.entity,
        entityKey: opts.failure.entityKey,
        type: 'EXPORT_FAILED',
        action: 'Export failed',
        description: reason,
      });
    });
    throw new HttpError(422, [`${opts.failure.prefix}: ${reason}`]);
  }
  return mutate(db, request, reply, (trx) => opts.finish(trx, prepared.state, delivery));
}

/** Where a document went, for the history: the channel, and for LOCAL the file name; never an address. */
export function deliveryText(delivery: Delivery, fileName: string): string {
  return delivery.channel === 'LOCAL' ? `via LOCAL as ${fileName}` : `via ${delivery.channel}`;
}
