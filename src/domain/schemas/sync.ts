import { z } from 'zod';
import { wholeNumber } from './numbers';

/** GET /api/sync/{seller|buyer|org}/{orgId}/changes: what changed in a scope since a revision. */
const CHANGES_DEFAULT_LIMIT = 500;
const CHANGES_MAX_LIMIT = 2000;

export const changesQuerySchema = z.object({
  since: wholeNumber(z.number().min(0)).default(0),
  limit: wholeNumber(z.number().min(1).max(CHANGES_MAX_LIMIT)).default(CHANGES_DEFAULT_LIMIT),
});

const changeSchema = z.object({
  entity: z.string(),
  key: z.string(),
  op: z.enum(['upsert', 'delete']),
  rev: z.number().int(),
  /** The row as its GET answer shapes it; absent for deletes and for entities fetched separately. */
  row: z.unknown().optional(),
});
export type Change = z.infer<typeof changeSchema>;

export const changesAnswerSchema = z.object({
  changes: z.array(changeSchema),
  /** The last revision this answer covers: the next call's `since`. */
  cursor: z.number().int(),
  hasMore: z.boolean(),
});
export type ChangesAnswer = z.infer<typeof changesAnswerSchema>;

/**
 * POST /api/sync/outbox: several outbox entries in one round trip. The server sends
 * each, in order, through its own spec route with its id as the Idempotency-Key, and
 * stops after the first answer that asks to try again later (401, 408, 429, 5xx).
 */
export const OUTBOX_PUSH_PATH = '/api/sync/outbox';
const OUTBOX_PUSH_MAX_ENTRIES = 100;
export const OUTBOX_PUSH_MAX_BYTES = 8 * 1024 * 1024;

const outboxPushEntrySchema = z.object({
  id: z.string().min(1).max(100),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: z.string().min(1).max(2000),
  body: z.unknown().optional(),
});

export const outboxPushSchema = z.object({
  entries: z.array(outboxPushEntrySchema).min(1).max(OUTBOX_PUSH_MAX_ENTRIES),
});
export type OutboxPush = z.infer<typeof outboxPushSchema>;

export const outboxPushAnswerSchema = z.object({
  /** One per entry sent, in order; entries after a stop have none and stay queued. */
  results: z.array(z.object({ id: z.string(), status: z.number().int(), body: z.unknown().optional() })),
});
export type OutboxPushAnswer = z.infer<typeof outboxPushAnswerSchema>;

/** Answers after which later changes must wait: sign in again, or try again later. */
export const isStopStatus = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;
