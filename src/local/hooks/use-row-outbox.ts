import { useLiveQuery } from 'dexie-react-hooks';
import { touchId } from '../../sync/overlay';
import type { Touch } from '../../sync/outbox-entry';
import { localDatabase } from '../db/current-database';

/**
 * The state of the newest change of one row still in the outbox: its server errors
 * when it was refused, so a form shows them at its fields, even after a reload.
 * `pending` while it waits to be sent; null when nothing is waiting.
 */
export function useRowOutbox(touch: Touch | null) {
  const id = touch ? touchId(touch) : null;
  return useLiveQuery(async () => {
    if (!id) return null;
    const entries = await localDatabase().outbox.where('touchIds').equals(id).sortBy('seq');
    const newest = entries.at(-1);
    if (!newest) return null;
    return newest.state === 'failed' ? { state: 'failed' as const, errors: newest.errors ?? [] } : { state: 'pending' as const, errors: [] };
  }, [id]);
}
