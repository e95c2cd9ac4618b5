import { ApiError } from '../api/api-error';
import { request } from '../api/request';
import { OUTBOX_PUSH_PATH, outboxPushAnswerSchema, type OutboxPush } from '../domain/schemas/sync';
import { backoffDelay, type BackoffPolicy } from './backoff';
import type { OutboxEntry } from './outbox-entry';
import { classifyFailure, type SendFailure } from './outcome';
import { SettleQueue } from './settle-queue';
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
  /** Most entries per round trip (default 50). */
  batchSize?: number;
}

const DEFAULT_BATCH = 50;
/** A batch stays well under the server's limit, so one large ASN never makes a batch too big to send. */
const BATCH_BYTES = 1024 * 1024;

/**
 * The next pending entries in `seq` order, leaving out those this drain has already sent
 * (their outcomes may still be on their way into the store). Refused ones stay behind,
 * out of the way.
 */
function pendingWindow(db: SyncDb, size: number, sent: ReadonlySet<string>): Promise<OutboxEntry[]> {
  const window = db.outbox
    .orderBy('seq')
    .filter((e) => e.state === 'pending' && !sent.has(e.id))
    .limit(size)
    .toArray();
  // Read ahead and maybe never awaited (the drain stopped first): not an unhandled rejection.
  window.catch(() => undefined);
  return window;
}

/** As many entries from the head as fit the byte budget (always at least the head). */
function fitBatch(entries: OutboxEntry[]): OutboxPush['entries'] {
  const batch: OutboxPush['entries'] = [];
  let bytes = 0;
  for (const e of entries) {
    const item = { id: e.id, method: e.method as OutboxPush['entries'][number]['method'], path: e.path, body: e.body };
    bytes += JSON.stringify(item).length;
    if (batch.length > 0 && bytes > BATCH_BYTES) break;
    batch.push(item);
  }
  return batch;
}

/** The server's answer for one entry, as the outbox reads it. */
function outcomeOf(status: number, body: unknown): { kind: 'sent'; answer: unknown } | SendFailure {
  if (status >= 200 && status < 300) return { kind: 'sent', answer: body };
  return classifyFailure(new ApiError(status, body));
}

/**
 * Sends the outbox in `seq` order, a batch of entries per round trip
 * (`POST /api/sync/outbox`): the server runs each through its own spec route with its
 * id as the Idempotency-Key, in order, and stops at the first that must wait. A
 * retryable failure stops the drain at that entry (later ones must not overtake it); a
 * refusal parks the entry as failed and the drain goes on. While a batch is on the wire
 * the next one is read and the last one's outcomes are written (a SettleQueue); all are
 * in the store when it returns. `ignoreBackoff` (a wake-up) sends the head entry even
 * inside its backoff.
 */
export async function drainOutbox(ctx: DrainContext, { ignoreBackoff = false } = {}): Promise<DrainResult> {
  const { db } = ctx;
  const size = ctx.batchSize ?? DEFAULT_BATCH;
  const settled = new SettleQueue(db);
  const sent = new Set<string>();
  let next = pendingWindow(db, size, sent);
  try {
    for (let first = true; ; first = false) {
      if (ctx.signal.aborted) return { state: 'stopped' };
      const window = await next;
      const head = window[0];
      if (!head) return { state: 'empty' };
      if (!(first && ignoreBackoff) && head.nextAttemptAt > ctx.now()) return { state: 'waiting', at: head.nextAttemptAt };

      const batch = fitBatch(window);
      for (const e of batch) sent.add(e.id);
      next = pendingWindow(db, size, sent);
      let results: Array<{ id: string; status: number; body?: unknown }>;
      try {
        ({ results } = await request('POST', OUTBOX_PUSH_PATH, { schema: outboxPushAnswerSchema, json: { entries: batch }, fetch: ctx.fetch }));
      } catch (error) {
        // The batch itself was not taken: every entry stays, the head carries the backoff.
        const failure = classifyFailure(error);
        if (failure.kind === 'signIn') return { state: 'signIn' };
        if (failure.kind !== 'refused') return postponeHead(ctx, settled, head);
        // The server refused the envelope, which names no entry: park the head so the queue
        // moves on; the rest of the batch goes again, before anything after it.
        settled.push({ kind: 'failed', id: head.id, errors: failure.errors });
        for (const e of batch.slice(1)) sent.delete(e.id);
        next = pendingWindow(db, size, sent);
        continue;
      }

      for (const [i, result] of results.entries()) {
        const entry = window[i]!;
        if (result.id !== entry.id) return postponeHead(ctx, settled, entry);
        const outcome = outcomeOf(result.status, result.body);
        if (outcome.kind === 'sent') {
          settled.push({ kind: 'ack', id: entry.id, answer: outcome.answer });
          ctx.onSent?.();
        } else if (outcome.kind === 'refused') {
          settled.push({ kind: 'failed', id: entry.id, errors: outcome.errors, fieldErrors: outcome.fieldErrors });
        } else if (outcome.kind === 'signIn') {
          return { state: 'signIn' };
        } else {
          return postponeHead(ctx, settled, entry);
        }
      }
      // The server answers every entry unless it stopped at one: fewer answers and no stop is a broken answer.
      if (results.length < batch.length) return postponeHead(ctx, settled, window[results.length]!);
    }
  } finally {
    await settled.flush();
  }
}

function postponeHead(ctx: DrainContext, settled: SettleQueue, entry: OutboxEntry): DrainResult {
  const attempts = entry.attempts + 1;
  const at = ctx.now() + backoffDelay(attempts, ctx.backoff);
  settled.push({ kind: 'postpone', id: entry.id, attempts, at });
  return { state: 'waiting', at };
}
