import type { Method } from '../../api/request';
import type { FieldIssue } from '../../domain/messages';
import type { MirrorRow } from '../rows';
import type { OutboxEntry, Touch } from '../outbox-entry';
import type { SyncDb } from '../store-schema';

/** What a mutation function hands to `enqueue`: the request and the rows it changes. */
export interface CommandRequest {
  kind: string;
  scope: string;
  method: Method;
  path: string;
  body?: unknown;
  touches: Touch[];
}

/**
 * How one kind of outbox entry changes the mirrored rows. `apply` is pure and sets
 * absolute values (never toggles), so running it again over a row that already holds
 * the change (a pull that raced the answer) changes nothing: that is what lets the
 * overlay re-apply pending entries on top of every pull.
 */
export interface CommandDef {
  kind: string;
  /** `rows[i]` is the current row of `entry.touches[i]`; the answer lines up the same way (undefined deletes). */
  apply(rows: Array<MirrorRow | undefined>, entry: Pick<OutboxEntry, 'id' | 'body' | 'touches'>): Array<MirrorRow | undefined>;
  /** After the server accepted it, e.g. swap a temporary row for the server's row. Runs inside the settle transaction. */
  onAck?(db: SyncDb, entry: OutboxEntry, answer: unknown): Promise<void>;
  /**
   * After the server refused it, e.g. keep the ASN draft with the errors (and, when the
   * server named them, the errors by form field). Runs inside the settle transaction.
   */
  onFailed?(db: SyncDb, entry: OutboxEntry, errors: string[], fieldErrors?: FieldIssue[]): Promise<void>;
}

/** A fresh row for a touch, for commands that create what they change. */
export const newRow = (touch: Touch, fields: Record<string, unknown>): MirrorRow => ({
  ...fields,
  scope: touch.scope,
  key: touch.key,
  rev: 0,
  pending: true,
});
