import { z } from 'zod';

/** GET /api/sync/{seller|buyer|org}/{orgId}/changes: what changed in a scope since a revision. */
export const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 2000;

export const changesQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(CHANGES_MAX_LIMIT).default(CHANGES_DEFAULT_LIMIT),
});

export const changeSchema = z.object({
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
