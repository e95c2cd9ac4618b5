import type { Generated } from 'kysely';

/** The table-backed job queue: catalogue exports, file imports, template generation, EDI exports. */
export interface JobsTable {
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
  /** Times the runner started it (migration 0020). */
  attempts: Generated<number>;
}

/** The blob key of each signed upload URL already used: an upload URL works once. */
export interface UsedUploadTokensTable {
  key: string;
  used_at: string;
}

export interface JobTables {
  jobs: JobsTable;
  used_upload_tokens: UsedUploadTokensTable;
}
