import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { MirrorRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';

export interface CounterpartRow extends MirrorRow {
  uniqueKey: string;
  name: string;
  type: number;
}

/**
 * The accounts of one type the viewer may pick (a supplier's universities, a buyer's
 * suppliers), by name. Read from the accounts table of the viewer's own org scope,
 * which the mirror fills (support's holds every account already).
 */
export function useCounterparts(ownOrgId: string, type: 1 | 2) {
  const scope = scopeId('org', ownOrgId);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    syncEngine()
      ?.mirrorCounterparts(ownOrgId, type)
      .then(
        () => setFailed(false),
        () => setFailed(true),
      );
  }, [ownOrgId, type]);
  const accounts = useLiveQuery(async () => {
    const rows = (await localDatabase().accounts.where('[scope+name]').between([scope, ''], [scope, '\uffff']).toArray()) as CounterpartRow[];
    return rows.filter((r) => Number(r.type) === type);
  }, [scope, type]);
  return { accounts, failed };
}
