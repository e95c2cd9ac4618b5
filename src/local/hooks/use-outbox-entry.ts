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
