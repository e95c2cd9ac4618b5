import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Account } from '../../domain/schemas/accounts';
import type { AccountRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';

/** An account of the other side: the counterpart list sends only these fields. */
export type CounterpartRow = AccountRow & Pick<Account, 'uniqueKey' | 'name' | 'type'>;

const isCounterpart = (row: AccountRow, type: 1 | 2): row is CounterpartRow =>
  row.type === type && typeof row.uniqueKey === 'string' && typeof row.name === 'string';

/**
 * The accounts of one type the viewer may pick (a supplier's universities, a buyer's
 * suppliers), by name. Read from the accounts table of the viewer's own org scope,
 * which the mirror fills (support's holds every account already).
 */
export function useCounterparts(ownOrgId: string, type: 1 | 2) {
  const scope = scopeId('org', ownOrgId);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    mirror('counterparts', ownOrgId, type)
      ?.then(
        () => setFailed(false),
        () => setFailed(true),
      );
  }, [ownOrgId, type]);
  const accounts = useLiveQuery(async () => {
    const rows = await localDatabase().accounts.where('[scope+name]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows.filter((r) => isCounterpart(r, type));
  }, [scope, type]);
  return { accounts, failed };
}
