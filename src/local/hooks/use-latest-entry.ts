import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry, Touch } from '../../sync/outbox-entry';
import { localDatabase } from '../db/current-database';
import { useShownRefusal } from './use-shown-refusal';

export interface EntryState {
  state: 'pending' | 'failed';
  /** The server's errors of a refused change; empty while it waits. */
  errors: string[];
  /** The entry itself: a form can load a refused change's values back, or replace the refusal. */
  entry: OutboxEntry;
}

/**
 * The newest outbox entry of a form's change (matched by `match`), so the form shows
 * "waiting to be sent", or the server's errors at its fields once refused, also after a
 * reload. Null when none is waiting. `deps` say what `match` reads (it is rebuilt each render).
 * The outbox is small: it is read whole, newest first.
 */
export function useLatestEntry(match: (entry: OutboxEntry) => boolean, deps: readonly unknown[]): EntryState | null | undefined {
  const latest = useLiveQuery(async () => {
    const newest = await localDatabase().outbox.orderBy('seq').reverse().filter(match).first();
    if (!newest) return null;
    return { state: newest.state, errors: newest.state === 'failed' ? (newest.errors ?? []) : [], entry: newest };
  }, [...deps]);
  // The form shows this refusal at its fields: "Changes not sent" leaves it out while the form is open.
  useShownRefusal(latest?.state === 'failed' ? latest.entry.id : null);
  return latest;
}

/** True when the entry changes this row. */
export const touchesRow = (entry: OutboxEntry, row: Touch) =>
  entry.touches.some((t) => t.table === row.table && t.scope === row.scope && t.key === row.key);
