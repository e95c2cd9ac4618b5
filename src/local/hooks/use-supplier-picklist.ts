import { useLiveQuery } from 'dexie-react-hooks';
import { ACCOUNT_TYPES, SUPPLIER_PICKLIST_PAGE_SIZE } from '../../domain/constants';
import { accountNameMatches } from '../../domain/rules/accounts';
import type { Supplier } from '../../domain/schemas/catalogue';
import type { AccountRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';

const isSupplier = (row: AccountRow): row is AccountRow & Supplier =>
  row.type === ACCOUNT_TYPES.SUPPLIER && typeof row.uniqueKey === 'string' && typeof row.name === 'string';

const byName = (a: Supplier, b: Supplier) => a.name.localeCompare(b.name) || a.uniqueKey.localeCompare(b.uniqueKey);

/**
 * The buyer's supplier pick list, by name: the suppliers the store holds under the
 * buyer's scope, filtered by `nameFilter` as typed, so it opens offline once seen; the
 * server is asked, 100 a page, for `serverFilter` (the screen lets it settle first).
 */
export function useSupplierPicklist(buyerId: string, nameFilter: string, serverFilter: string): OffsetMirror & { suppliers: Supplier[] | undefined } {
  const scope = scopeId('buyer', buyerId);
  const suppliers = useLiveQuery(async () => {
    const rows = await localDatabase().accounts.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows
      .filter(isSupplier)
      .filter((row) => accountNameMatches(row.name, nameFilter))
      .map(({ uniqueKey, name }) => ({ uniqueKey, name }))
      .sort(byName);
  }, [scope, nameFilter]);
  const searched = serverFilter.trim();
  const paging = useOffsetMirror((offset) => mirror('suppliers', scope, offset, searched || undefined), `${scope}|${searched}`, SUPPLIER_PICKLIST_PAGE_SIZE);
  return { suppliers, ...paging };
}
