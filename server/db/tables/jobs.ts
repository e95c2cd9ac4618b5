import type { Generated } from 'kysely';

/**
 * The table-backed job queue (server/jobs/queue.ts): catalogue exports, file imports,
 * template generation and apply, category-tree imports, and EDI exports of orders, ASNs
 * and invoices; retried with backoff and leased while they run.
 */
interface JobsTable {
  id: Generated<number>;
  org_key: string;
  kind: string;
  /** queued, running, done, failed. */
  state: string;
  /** JSON: what the handler needs. */
  payload: string;
  /** JSON: what the handler answered, also on failure (row errors of an import). */
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** How often the job was claimed: a retry and a reclaim after a dead worker each count. */
  attempts: Generated<number>;
  /** A job queued again for a retry waits until then (ISO time). */
  run_after: string | null;
  /** While running: until when the claiming process vouches for the job; it renews the lease as the job runs. */
  lease_until: string | null;
}

/** The blob key of each signed upload URL already used: an upload URL works once. */
interface UsedUploadTokensTable {
  key: string;
  used_at: string;
}

export interface JobTables {
  jobs: JobsTable;
  used_upload_tokens: UsedUploadTokensTable;
}
