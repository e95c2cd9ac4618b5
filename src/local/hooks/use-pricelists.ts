import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorRow } from '../../sync/rows';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';
import { useCursorMirror } from './use-cursor-mirror';

export interface PricelistRow extends MirrorRow {
  pricelistId?: number;
  name?: string;
}

export interface PriceGroupRow extends MirrorRow {
  pricelistId: string;
  productCode: string;
  prices: Array<{ uom: string; startDate: string; lowerQuantity: number; upperQuantity: number | null; price: number }>;
}

/** A supplier's pricelists, oldest first (the server's order), paged by cursor. */
export function usePricelists(sellerId: string) {
  const scope = scopeId('seller', sellerId);
  const paging = useCursorMirror((cursor) => syncEngine()?.mirrorPricelistPage(scope, cursor), scope);
  const pricelists = useLiveQuery(async () => {
    const rows = (await localDatabase().pricelists.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray()) as PricelistRow[];
    // Saved ones by id; those still being added (temporary keys) after them.
    return rows.sort((a, b) => (a.pricelistId ?? Number.MAX_SAFE_INTEGER) - (b.pricelistId ?? Number.MAX_SAFE_INTEGER));
  }, [scope]);
  return { pricelists, ...paging };
}

/** The price groups of one pricelist by product code, paged by cursor. */
export function usePrices(sellerId: string, pricelistId: string) {
  const scope = scopeId('seller', sellerId);
  const paging = useCursorMirror((cursor) => syncEngine()?.mirrorPricePage(scope, pricelistId, cursor), `${scope}|${pricelistId}`);
  const groups = useLiveQuery(async () => {
    const rows = (await localDatabase().prices.where('[scope+pricelistId]').equals([scope, pricelistId]).toArray()) as PriceGroupRow[];
    return rows.sort((a, b) => (a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0));
  }, [scope, pricelistId]);
  return { groups, ...paging };
}
