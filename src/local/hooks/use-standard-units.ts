import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { UomStandardEntry } from '../../domain/schemas/properties';
import { STANDARD_UNITS_META_KEY } from '../../sync/mirror-standard-units';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useOnline } from './use-sync-state';

/**
 * The server's standard units (GET /uom) as the store holds them, fetched again when a
 * screen showing them opens or the connection returns. Undefined while the store is
 * read, null when they were never fetched (first visit offline).
 */
export function useStandardUnits(): Record<string, UomStandardEntry> | null | undefined {
  const online = useOnline();
  useEffect(() => {
    // A failed fetch leaves the held list, which is what the tab shows offline.
    if (online) mirror('standardUnits')?.catch(() => undefined);
  }, [online]);
  return useLiveQuery(async () => {
    const row = await localDatabase().meta.get(STANDARD_UNITS_META_KEY);
    return row ? (row.value as Record<string, UomStandardEntry>) : null;
  }, []);
}
