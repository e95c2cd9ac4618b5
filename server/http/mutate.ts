import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database';
import type { Tx } from '../sync/change-log';
import { HttpError } from './errors';

export interface MutationResult {
  status?: number;
  body: unknown;
  /**
   * Work that must not run inside the transaction (mail, other network calls): runs
   * once the change is committed, before the answer, and never for a replay.
   */
  afterCommit?: () => Promise<void>;
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

async function storedAnswer(db: Tx, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

function replay(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: { user_no: number; method: string; path: string; status: number; body: string },
) {
  // A key belongs to one user's one request: reusing it elsewhere is a client bug, not a replay.
  if (stored.user_no !== (request.user?.userNo ?? 0) || stored.method !== request.method || stored.path !== request.url) {
    throw new HttpError(422, ['Idempotency-Key was already used for another request']);
  }
  return reply.code(stored.status).header('idempotent-replayed', 'true').send(JSON.parse(stored.body));
}

/**
 * Runs a change in one database transaction. With an `Idempotency-Key` header the key
 * and the first answer are stored in that same transaction, so a replay (the client
 * lost the answer and sent again) answers the same and changes nothing.
 */
export async function mutate(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Tx) => Promise<MutationResult>,
): Promise<FastifyReply> {
  const rawKey = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof rawKey === 'string' ? rawKey : undefined;
  if (key !== undefined && !KEY_PATTERN.test(key)) throw new HttpError(400, ['Idempotency-Key is malformed']);

  try {
    const result = await db.transaction().execute(async (trx) => {
      if (key) {
        // Copies of one request sent to several processes at once (PostgreSQL) take turns here:
        // the later copy finds the first one's answer instead of doing the work again.
        if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const stored = await storedAnswer(trx, key);
        if (stored) return { stored };
      }
      const outcome = await work(trx);
      const status = outcome.status ?? 200;
      if (key) {
        await trx
          .insertInto('idempotency_keys')
          .values({
            key,
            user_no: request.user?.userNo ?? 0,
            method: request.method,
            path: request.url,
            status,
            body: JSON.stringify(outcome.body ?? {}),
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      return { status, body: outcome.body ?? {}, afterCommit: outcome.afterCommit };
    });
    if ('stored' in result && result.stored) return replay(request, reply, result.stored);
    const fresh = result as { status: number; body: unknown; afterCommit?: () => Promise<void> };
    await fresh.afterCommit?.();
    return reply.code(fresh.status).send(fresh.body);
  } catch (error) {
    // Two copies of one request raced (PostgreSQL): the loser's insert of the key failed; answer the winner's.
    if (key && !(error instanceof HttpError)) {
      const stored = await storedAnswer(db, key);
      if (stored) return replay(request, reply, stored);
    }
    throw error;
  }
}
