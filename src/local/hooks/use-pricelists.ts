import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { PriceGroupRow, PricelistRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useCursorMirror } from './use-cursor-mirror';

export type { PriceGroupRow, PricelistRow };

/** A supplier's pricelists, oldest first (the server's order), paged by cursor. */
export function usePricelists(sellerId: string) {
  const scope = scopeId('seller', sellerId);
  const paging = useCursorMirror((cursor) => mirror('pricelistPage', scope, cursor), scope);
  const pricelists = useLiveQuery(async () => {
    const rows = await localDatabase().pricelists.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    // Saved ones by id; those still being added (temporary keys) after them.
    return rows.sort((a, b) => (a.pricelistId ?? Number.MAX_SAFE_INTEGER) - (b.pricelistId ?? Number.MAX_SAFE_INTEGER));
  }, [scope]);
  return { pricelists, ...paging };
}

/** The price groups of one pricelist by product code, paged by cursor. */
export function usePrices(sellerId: string, pricelistId: string) {
  const scope = scopeId('seller', sellerId);
  const paging = useCursorMirror((cursor) => mirror('pricePage', scope, pricelistId, cursor), `${scope}|${pricelistId}`);
  const groups = useLiveQuery(async () => {
    const rows = await localDatabase().prices.where('[scope+pricelistId]').equals([scope, pricelistId]).toArray();
    return rows.sort((a, b) => (a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0));
  }, [scope, pricelistId]);
  return { groups, ...paging };
}

/**
 * The universities a pricelist is mapped to, from its mirrored row: read from the server
 * once when the row does not hold them yet (`failed` if it cannot be reached), then kept
 * fresh by the changes feed and by the user's own Map Universities commands.
 */
export function usePricelistMapping(sellerId: string, pricelist: PricelistRow, active: boolean) {
  const scope = scopeId('seller', sellerId);
  const missing = pricelist.buyerIds === undefined;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active || !missing) return;
    let live = true;
    setFailed(false);
    mirror('pricelistBuyers', scope, pricelist.key)
      ?.catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [active, missing, scope, pricelist.key]);
  return { buyerIds: pricelist.buyerIds, failed };
}
