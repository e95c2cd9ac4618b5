import { useLiveQuery } from 'dexie-react-hooks';
import { localDatabase } from '../db/current-database';

/**
 * What became of one outbox entry: `pending` while queued or being retried, `failed`
 * once the server refused it (refused entries stay until retried or discarded), `sent`
 * once it is gone, which only an accepted entry is without the user's say.
 * `undefined` while the store is read, or when no entry is given.
 */
export type OutboxOutcome = 'pending' | 'failed' | 'sent';

export function useOutboxOutcome(entryId: string | null): OutboxOutcome | undefined {
  return useLiveQuery(async () => {
    if (!entryId) return undefined;
    const entry = await localDatabase().outbox.get(entryId);
    if (!entry) return 'sent';
    return entry.state === 'failed' ? 'failed' : 'pending';
  }, [entryId]);
}

export interface WatchedEntry {
  id: string;
  outcome: OutboxOutcome;
  /** The server's errors of a refused entry. */
  errors: string[];
}

/** The outcomes of several entries at once (one toast each, however many the user started). */
export function useOutboxOutcomes(ids: readonly string[]): WatchedEntry[] | undefined {
  return useLiveQuery(async () => {
    const entries = await localDatabase().outbox.bulkGet([...ids]);
    return ids.map((id, i) => {
      const entry = entries[i];
      if (!entry) return { id, outcome: 'sent' as const, errors: [] };
      return { id, outcome: entry.state === 'failed' ? ('failed' as const) : ('pending' as const), errors: entry.errors ?? [] };
    });
  }, [ids]);
}
