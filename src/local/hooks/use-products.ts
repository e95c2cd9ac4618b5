import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../domain/constants';
import { PRODUCT_PAGE_MAX } from '../../domain/schemas/catalogue';
import { HeldCatalogue, heldProduct, type FillPosition } from '../../sync/product-chunks';
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
 * The buyer's metas of one seller's products, read as one key range (metas exist only
 * for the products the buyer has curated), not one read per product.
 */
async function withMetas(scope: string, sellerId: string, rows: ProductRow[]): Promise<ProductWithMeta[]> {
  const { kind, orgKey } = parseScope(scope);
  if (kind !== 'buyer') return rows.map((product) => ({ product, meta: null }));
  const prefix = productMetaKey(orgKey, sellerId, '');
  const held = (await localDatabase()
    .productMeta.where('[scope+key]')
    .between([scope, prefix], [scope, `${prefix}\uffff`])
    .toArray()) as ProductMetaRow[];
  const metas = new Map(held.map((m) => [m.key, m]));
  return rows.map((product) => ({ product, meta: metas.get(productMetaKey(orgKey, sellerId, String(product.productCode))) ?? null }));
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
 * a buyer's view). What the device holds shows at once; the spec's first page of 20
 * comes from the server at once too, then the rest of the catalogue is mirrored in the
 * background in large pages (chunks, see src/sync/product-chunks.ts), so search and
 * scrolling soon work on the whole catalogue, offline too. `loadMore` (the last row
 * came into view) resumes the fill after a failure. Each landed page reads that page
 * only: the held catalogue keeps the chunks it has read.
 */
export function useProductList(scope: string, sellerId: string) {
  const cursor = useRef<FillPosition | null>(null);
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

  const held = useMemo(() => (sellerId ? new HeldCatalogue(localDatabase(), scope, sellerId) : null), [scope, sellerId]);
  const products = useLiveQuery(async () => (held ? withMetas(scope, sellerId, await held.rows()) : []), [held, scope, sellerId]);

  const loadMore = useCallback(() => {
    if (!state.complete) void fill();
  }, [fill, state.complete]);

  const progress: MirrorProgress = { held: products?.length ?? 0, ...state };
  return { products, loadMore, exhausted: state.complete, progress };
}

/**
 * Searches the held catalogue in the worker (code, description, other name), so typing
 * never waits on it; the worker answers keys, shown as the rows of `held` (the list's
 * rows, kept live, so an include shows in the hits at once), and searches again whenever
 * the held catalogue changes. Undefined until it first answers.
 */
export function useProductSearch(
  scope: string,
  sellerId: string,
  text: string,
  held: ProductWithMeta[] | undefined,
  limit = 200,
): ProductWithMeta[] | undefined {
  const [hits, setHits] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const engine = syncEngine();
    if (!engine || !text.trim() || !sellerId) {
      setHits(undefined);
      return;
    }
    void engine.searchProducts(scope, sellerId, text, limit).then((keys) => current && setHits(keys));
    return () => {
      current = false;
    };
    // `held` changes as the fill lands pages and the feed updates rows: the search runs
    // again, so a product typed for before it was mirrored shows once it is.
  }, [scope, sellerId, text, limit, held]);
  const byKey = useMemo(() => new Map(held?.map((item) => [item.product.key, item])), [held]);
  return useMemo(() => hits?.flatMap((key) => byKey.get(key) ?? []), [hits, byKey]);
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
    const db = localDatabase();
    const { kind, orgKey } = parseScope(scope);
    const [product, meta] = await Promise.all([
      heldProduct(db, scope, sellerId, productCode),
      kind === 'buyer' ? (db.productMeta.get([scope, productMetaKey(orgKey, sellerId, productCode)]) as Promise<ProductMetaRow | undefined>) : undefined,
    ]);
    return product ? { product, meta: meta ?? null } : null;
  }, [scope, sellerId, productCode]);
  return { item, found };
}
