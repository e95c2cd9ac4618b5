import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductMetaRow, ProductRow } from '../../sync/rows';
import { productMetaKey } from '../../sync/row-keys';
import { parseScope } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';

export interface ProductWithMeta {
  product: ProductRow;
  /** The buyer's meta (included/excluded, contract prices); null for sellers or when none exists. */
  meta: ProductMetaRow | null;
}

/**
 * One seller's catalogue in a scope (`seller:ID` for the supplier's own, `buyer:ID`
 * for a buyer's view), with cursor paging: `loadMore` when the last row shows.
 */
export function useProductList(scope: string, sellerId: string) {
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const [done, setDone] = useState(false);

  const loadMore = useCallback(() => {
    const engine = syncEngine();
    if (!engine || busy.current) return;
    busy.current = true;
    engine.mirrorProductPage(scope, sellerId, cursor.current).then(
      ({ next }) => {
        cursor.current = next;
        busy.current = false;
        setDone(next === null);
      },
      () => {
        busy.current = false;
      },
    );
  }, [scope, sellerId]);

  useEffect(() => {
    cursor.current = null;
    busy.current = false;
    loadMore();
  }, [loadMore]);

  const products = useLiveQuery(async () => {
    const db = localDatabase();
    const rows = (await db.products.where('[scope+sellerId]').equals([scope, sellerId]).toArray()) as ProductRow[];
    const { kind, orgKey } = parseScope(scope);
    if (kind !== 'buyer') return rows.map((product) => ({ product, meta: null }));
    const metas = await db.productMeta.bulkGet(rows.map((p) => [scope, productMetaKey(orgKey, sellerId, String(p.productCode))]));
    return rows.map((product, i) => ({ product, meta: (metas[i] as ProductMetaRow | undefined) ?? null }));
  }, [scope, sellerId]);

  return { products, loadMore, exhausted: done };
}

/** Searches the mirrored catalogue in the worker (code, description, other name); [] until it answers. */
export function useProductSearch(scope: string, sellerId: string, text: string, limit = 50): ProductRow[] {
  const [hits, setHits] = useState<ProductRow[]>([]);
  useEffect(() => {
    let current = true;
    const engine = syncEngine();
    if (!engine || !text.trim()) {
      setHits([]);
      return;
    }
    void engine.searchProducts(scope, sellerId, text, limit).then((rows) => current && setHits(rows));
    return () => {
      current = false;
    };
  }, [scope, sellerId, text, limit]);
  return hits;
}
