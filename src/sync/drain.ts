import { z } from 'zod';
import { request } from '../api/request';
import { backoffDelay, type BackoffPolicy } from './backoff';
import { classifyFailure } from './outcome';
import { acknowledge, markFailed, postpone } from './settle';
import type { SyncDb } from './store-schema';

export type DrainResult =
  | { state: 'empty' }
  /** The head entry waits for its backoff; try again at `at` (epoch ms) or on a wake-up. */
  | { state: 'waiting'; at: number }
  /** 401: nothing more is sent until the user signs in again. */
  | { state: 'signIn' }
  | { state: 'stopped' };

export interface DrainContext {
  db: SyncDb;
  fetch: typeof fetch;
  backoff: BackoffPolicy;
  now: () => number;
  /** Aborted when this tab stops leading or the engine stops. */
  signal: AbortSignal;
  /** Told after every entry the server took, e.g. to record the time of the last sync. */
  onSent?: () => void;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Sends the outbox in `seq` order, one entry at a time. A retryable failure stops the
 * drain at that entry (later ones must not overtake it); a refusal parks the entry as
 * failed and the drain goes on. `wake` ignores the backoff of the head entry.
 */
export async function drainOutbox(ctx: DrainContext, { ignoreBackoff = false } = {}): Promise<DrainResult> {
  const { db } = ctx;
  let skipWait = ignoreBackoff;
  for (;;) {
    if (ctx.signal.aborted) return { state: 'stopped' };
    // Walks the seq index and stops at the first pending entry: refused ones stay behind, out of the way.
    const head = await db.outbox.orderBy('seq').filter((e) => e.state === 'pending').first();
    if (!head) return { state: 'empty' };
    if (!skipWait && head.nextAttemptAt > ctx.now()) return { state: 'waiting', at: head.nextAttemptAt };
    skipWait = false;

    let answer: unknown;
    try {
      answer = await request(head.method, head.path, {
        schema: z.unknown(),
        json: head.body,
        headers: { [IDEMPOTENCY_HEADER]: head.id },
        fetch: ctx.fetch,
      });
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure.kind === 'signIn') return { state: 'signIn' };
      if (failure.kind === 'refused') {
        await markFailed(db, head.id, failure.errors, failure.fieldErrors);
        continue;
      }
      const attempts = head.attempts + 1;
      const at = ctx.now() + backoffDelay(attempts, ctx.backoff);
      await postpone(db, head.id, attempts, at);
      return { state: 'waiting', at };
    }
    await acknowledge(db, head.id, answer);
    ctx.onSent?.();
  }
}
