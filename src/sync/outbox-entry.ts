import type { Method } from '../api/request';
import type { MirrorTable } from './mirror-tables';

/** One row a command changed optimistically: what a rollback or a pull recomputes. */
export interface Touch {
  table: MirrorTable;
  scope: string;
  key: string;
}

/**
 * `pending`: waiting or being retried. `failed`: the server refused it (4xx); its
 * optimistic change is rolled back and the user decides (retry or discard).
 */
type OutboxState = 'pending' | 'failed';

export interface OutboxEntry {
  /** A uuid, sent as the `Idempotency-Key`: a replay after a lost answer is applied once. */
  id: string;
  clientId: string;
  /** Increasing per client: the order the user made the changes in, and the order they are sent. */
  seq: number;
  kind: string;
  scope: string;
  method: Method;
  /** The full API path with its query, e.g. `/api/org/X/property/5`. */
  path: string;
  body?: unknown;
  touches: Touch[];
  /** `touchId` of each touch: the index that finds the entries on a row without reading the whole outbox. */
  touchIds: string[];
  createdAt: string;
  attempts: number;
  state: OutboxState;
  errors?: string[];
  /** Epoch ms before which the drain leaves it alone (backoff). */
  nextAttemptAt: number;
}
