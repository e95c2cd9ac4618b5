import { z } from 'zod';
import { wholeNumber } from './numbers';
import { PAGE_SIZE } from '../constants';

const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A background job (file import, template generation, catalogue export) as its organisation sees it. */
export const jobSchema = z.object({
  jobId: z.number().int(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  result: z.unknown(),
  error: z.string().nullable(),
  /** Set once a job that produces a file is done: a signed, expiring link to it. */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof jobSchema>;

/** What the upload PUT and the queueing calls answer. */
export const jobQueuedSchema = z.object({ jobId: z.number().int() });

export const jobListQuerySchema = z.object({
  limit: wholeNumber(z.number().min(1).max(100)).default(PAGE_SIZE),
  offset: wholeNumber(z.number().min(0)).default(0),
  kind: z.string().optional(),
  state: z.enum(JOB_STATES).optional(),
});
