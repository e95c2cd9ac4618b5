import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { CategoryNode } from '../../domain/schemas/catalogue';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';

/**
 * A buyer's category tree: what the store holds at once (the changes feed keeps it
 * fresh), fetched again on mount and on `reload` (after an upload). `tree` is
 * undefined while the store is read, null when nothing was ever mirrored.
 */
export function useCategoryTree(buyerId: string) {
  const scope = scopeId('buyer', buyerId);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    mirror('categoryTree', scope)
      ?.then(
        () => setFailed(false),
        () => setFailed(true),
      );
  }, [scope]);
  useEffect(reload, [reload]);
  const tree = useLiveQuery(async () => {
    const row = await localDatabase().categoryTrees.get([scope, buyerId]);
    return row ? (row.tree as CategoryNode[]) : null;
  }, [scope, buyerId]);
  return { tree, failed, reload };
}
