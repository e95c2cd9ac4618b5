import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../domain/constants';
import { PRODUCT_PAGE_MAX } from '../../domain/schemas/catalogue';
import type { ProductMetaRow, ProductRow } from '../../sync/rows';
import { productKey, productMetaKey } from '../../sync/row-keys';
import { parseScope } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';

export interface ProductWithMeta {
  product: ProductRow;
  /** The buyer's meta (included/excluded, contract prices); null for sellers or when none exists. */
  meta: ProductMetaRow | null;
}

async function withMetas(scope: string, sellerId: string, rows: ProductRow[]): Promise<ProductWithMeta[]> {
  const { kind, orgKey } = parseScope(scope);
  if (kind !== 'buyer') return rows.map((product) => ({ product, meta: null }));
  const metas = await localDatabase().productMeta.bulkGet(rows.map((p) => [scope, productMetaKey(orgKey, sellerId, String(p.productCode))]));
  return rows.map((product, i) => ({ product, meta: (metas[i] as ProductMetaRow | undefined) ?? null }));
}

export interface MirrorProgress {
  /** Products of this seller held on this device. */
  held: number;
  /** The whole catalogue has come down since the screen opened. */
  complete: boolean;
  loading: boolean;
  /** The last page could not be fetched (offline, server down): what is held is shown. */
  failed: boolean;
}

/**
 * One seller's catalogue in a scope (`seller:ID` for the supplier's own, `buyer:ID` for
 * a buyer's view). The spec's first page of 20 comes from the server at once; then the
 * rest of the catalogue is mirrored in the background in large pages, so search and
 * scrolling soon work on the whole catalogue, offline too. `loadMore` (the last row
 * came into view) resumes the fill after a failure.
 */
export function useProductList(scope: string, sellerId: string) {
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const started = useRef(false);
  const [state, setState] = useState({ complete: false, loading: false, failed: false });

  const fill = useCallback(async () => {
    const engine = syncEngine();
    if (!engine || busy.current || !sellerId) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      for (;;) {
        const limit = started.current ? PRODUCT_PAGE_MAX : PAGE_SIZE;
        const { next } = await engine.mirrorProductPage(scope, sellerId, cursor.current, limit);
        started.current = true;
        cursor.current = next;
        if (next === null) {
          setState({ complete: true, loading: false, failed: false });
          break;
        }
      }
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    } finally {
      busy.current = false;
    }
  }, [scope, sellerId]);

  useEffect(() => {
    cursor.current = null;
    started.current = false;
    setState({ complete: false, loading: false, failed: false });
    void fill();
  }, [fill]);

  const products = useLiveQuery(async () => {
    if (!sellerId) return [];
    // Within one seller the index runs in primary-key order, `seller/productCode`: sorted by code already.
    const rows = (await localDatabase().products.where('[scope+sellerId]').equals([scope, sellerId]).toArray()) as ProductRow[];
    return withMetas(scope, sellerId, rows);
  }, [scope, sellerId]);

  const loadMore = useCallback(() => {
    if (!state.complete) void fill();
  }, [fill, state.complete]);

  const progress: MirrorProgress = { held: products?.length ?? 0, ...state };
  return { products, loadMore, exhausted: state.complete, progress };
}

/** Searches the mirrored catalogue in the worker (code, description, other name); undefined until it answers. */
export function useProductSearch(scope: string, sellerId: string, text: string, limit = 200): ProductWithMeta[] | undefined {
  const [hits, setHits] = useState<ProductRow[] | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const engine = syncEngine();
    if (!engine || !text.trim() || !sellerId) {
      setHits(undefined);
      return;
    }
    void engine.searchProducts(scope, sellerId, text, limit).then((rows) => current && setHits(rows));
    return () => {
      current = false;
    };
  }, [scope, sellerId, text, limit]);
  // Read again from the store so an include or exclude shows in the hits at once.
  return useLiveQuery(async () => {
    if (!hits) return undefined;
    const db = localDatabase();
    const rows = (await db.products.bulkGet(hits.map((h) => [scope, h.key]))).filter((r): r is ProductRow => r !== undefined);
    return withMetas(scope, sellerId, rows);
  }, [hits, scope, sellerId]);
}

/**
 * One product and its meta, from the store; `refresh` mirrors it from the server
 * (the product page, opened by its address). `found` is false after a 404.
 */
export function useProduct(scope: string, sellerId: string, productCode: string, refresh: boolean) {
  const [found, setFound] = useState(true);
  useEffect(() => {
    const engine = syncEngine();
    if (!refresh || !engine) return;
    let current = true;
    engine.mirrorProduct(scope, sellerId, productCode).then(
      (r) => current && setFound(r.found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [scope, sellerId, productCode, refresh]);
  const item = useLiveQuery(async () => {
    const row = (await localDatabase().products.get([scope, productKey(sellerId, productCode)])) as ProductRow | undefined;
    if (!row) return null;
    return (await withMetas(scope, sellerId, [row]))[0]!;
  }, [scope, sellerId, productCode]);
  return { item, found };
}
