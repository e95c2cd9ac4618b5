import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { historyEntityKey, type HistoryEntity } from '../../sync/mirror-pages';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';

/**
 * The history of one order, ASN or invoice (only entries of `type` when given), newest first
 * as the server sends it. Fetched again each time a drawer opens (`active`), shown
 * from the store at once, so it also opens offline. `failed`: the last fetch did not
 * reach the server, and the list may be stale or empty for that reason.
 */
export function useHistory(scope: string, entity: HistoryEntity, id: string, type: string | undefined, active: boolean) {
  const entityKey = historyEntityKey(entity, id);
  const view = type ?? '*';
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const pending = mirror('history', scope, entity, id, type);
    pending?.then(
      () => live && setFailed(false),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [active, scope, entity, id, type]);
  const entries = useLiveQuery(async () => {
    const rows = await localDatabase().history.where('[scope+entityKey]').equals([scope, entityKey]).toArray();
    return rows.filter((r) => r.view === view).sort((a, b) => a.position - b.position);
  }, [scope, entityKey, view]);
  return { entries, failed };
}
