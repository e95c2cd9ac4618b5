import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZE, SEARCH_DELAY_MS } from '../../domain/constants';
import { HeldCatalogue, heldItem, holdsWholeCatalogue, type FillPosition } from '../../sync/product-chunks';
import type { ProductMetaRow, ProductRow } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import { mirror, syncEngine } from '../sync-start/engine-handle';

export interface ProductWithMeta {
  product: ProductRow;
  /** The buyer's meta (included/excluded, contract prices); null for sellers or when none exists. */
  meta: ProductMetaRow | null;
}

interface MirrorProgress {
  /** Products of this seller held on this device. */
  held: number;
  /** The whole catalogue has come down since the screen opened. */
  complete: boolean;
  loading: boolean;
  /** The last page could not be fetched (offline, server down): what is held is shown. */
  failed: boolean;
  /** An earlier fill brought the whole catalogue down: offline, the device still holds all of it. */
  heldWhole: boolean;
}

/**
 * One seller's catalogue in a scope (`seller:ID` for the supplier's own, `buyer:ID` for
 * a buyer's view). What the device holds shows at once; the spec's first page of 20
 * comes from the server at once too, then the rest of the catalogue is mirrored in the
 * background with the fill calls (chunks asked for side by side, see src/sync/mirror-fill.ts), so search and
 * scrolling soon work on the whole catalogue, offline too. `loadMore` (the last row
 * came into view) resumes the fill after a failure. Each landed page reads that page
 * only: the held catalogue keeps the chunks it has read.
 */
export function useProductList(scope: string, sellerId: string) {
  const cursor = useRef<FillPosition | null>(null);
  const busy = useRef(false);
  const [state, setState] = useState({ complete: false, loading: false, failed: false });

  const fill = useCallback(async () => {
    if (busy.current || !sellerId) return;
    // Without a position the fill begins with the spec's first 20 (the first screen shows at once), then the whole catalogue in fill chunks.
    const pending = mirror('productFill', scope, sellerId, cursor.current);
    if (!pending) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const rest = await pending;
      cursor.current = rest.next;
      setState(rest.failed ? { complete: false, loading: false, failed: true } : { complete: true, loading: false, failed: false });
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    } finally {
      busy.current = false;
    }
  }, [scope, sellerId]);

  useEffect(() => {
    cursor.current = null;
    setState({ complete: false, loading: false, failed: false });
    void fill();
  }, [fill]);

  const held = useMemo(() => (sellerId ? new HeldCatalogue(localDatabase(), scope, sellerId) : null), [scope, sellerId]);
  // The buyer's metas come with the rows: each product's productMeta row over its chunk's meta, one key range read, not one read per product.
  const products = useLiveQuery(async () => (held ? held.withMetas() : []), [held]);

  const heldWhole = useLiveQuery(() => (sellerId ? holdsWholeCatalogue(localDatabase(), scope, sellerId) : false), [scope, sellerId]);

  const loadMore = useCallback(() => {
    if (!state.complete) void fill();
  }, [fill, state.complete]);

  const progress: MirrorProgress = { held: products?.length ?? 0, ...state, heldWhole: heldWhole === true };
  return { products, loadMore, exhausted: state.complete, progress };
}

/** How many hits the local search answers before the server is asked for more. */
const LOCAL_HITS = 200;

export interface ProductSearchResult {
  /** Undefined until the local search first answers. */
  hits: ProductWithMeta[] | undefined;
  /** The last hit came into view: the server's next page of hits, when there is one. */
  loadMore: () => void;
  exhausted: boolean;
  loading: boolean;
}

/**
 * Searches the held catalogue in the worker (code, description, other name), so typing
 * never waits on it; the worker answers keys, shown as the rows of `held` (the list's
 * rows, kept live, so an include shows in the hits at once), and searches again whenever
 * the held catalogue changes. While the device does not hold the whole catalogue
 * (`complete` false: this visit's fill has not finished, and no earlier fill did) the server is searched too, the spec's 20 a page and the next
 * page when the last hit is visible, once typing pauses; its hits are mirrored into the store, so they show
 * through the same local search, once each. Offline that fails quietly: local hits only.
 */
export function useProductSearch(
  scope: string,
  sellerId: string,
  text: string,
  held: ProductWithMeta[] | undefined,
  complete: boolean,
): ProductSearchResult {
  /** The local search's keys, and how many server pages were mirrored when it ran. */
  const [hits, setHits] = useState<{ keys: string[]; pages: number } | undefined>(undefined);
  const [remote, setRemote] = useState<{ text: string; pages: number; next: string | null; loading: boolean }>({ text: '', pages: 0, next: null, loading: false });
  const query = text.trim();
  const heldWhole = useLiveQuery(() => (sellerId ? holdsWholeCatalogue(localDatabase(), scope, sellerId) : false), [scope, sellerId]);
  // Undefined until read: not asked yet, so a held catalogue is never searched on the server for a moment.
  const askServer = !complete && heldWhole === false && query !== '' && Boolean(sellerId);

  const fetchRemote = useCallback(
    (cursor: string | null) => {
      if (!syncEngine()) return;
      setRemote((r) => ({ ...r, text: query, loading: true }));
      mirror('productSearchPage', scope, sellerId, query, cursor)?.then(
        ({ next }) => setRemote((r) => (r.text === query ? { text: query, pages: r.pages + 1, next, loading: false } : r)),
        () => setRemote((r) => (r.text === query ? { ...r, next: null, loading: false } : r)),
      );
    },
    [scope, sellerId, query],
  );

  // The local search answers every keystroke; the server is asked once typing pauses.
  useEffect(() => {
    setRemote({ text: query, pages: 0, next: null, loading: askServer });
    if (!askServer) return;
    const timer = setTimeout(() => fetchRemote(null), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [askServer, fetchRemote, query]);

  const limit = LOCAL_HITS + PAGE_SIZE * remote.pages;
  useEffect(() => {
    let current = true;
    const engine = syncEngine();
    if (!engine || !query || !sellerId) {
      setHits(undefined);
      return;
    }
    const pages = remote.pages;
    void engine.searchProducts(scope, sellerId, query, limit).then((keys) => current && setHits({ keys, pages }));
    return () => {
      current = false;
    };
    // `held` changes as the fill lands pages, the feed updates rows and server hits are
    // mirrored: the search runs again, so a product typed for before it was held shows once it is.
  }, [scope, sellerId, query, limit, held, remote.pages]);
  const byKey = useMemo(() => new Map(held?.map((item) => [item.product.key, item])), [held]);
  const shown = useMemo(() => hits?.keys.flatMap((key) => byKey.get(key) ?? []), [hits, byKey]);

  // A server page counts as loaded once the list shows it: until then the last row in
  // view is not the last hit, and asking for the next page would skip one.
  const loading = remote.loading || hits?.pages !== remote.pages || (shown?.length ?? 0) < (hits?.keys.length ?? 0);
  const loadMore = useCallback(() => {
    if (askServer && remote.next && !loading) fetchRemote(remote.next);
  }, [askServer, remote.next, loading, fetchRemote]);
  return { hits: shown, loadMore, exhausted: !askServer || (!remote.loading && remote.next === null), loading };
}

/**
 * One product and its meta, from the store; `refresh` mirrors it from the server
 * (the product page, opened by its address). `found` is false after a 404.
 */
export function useProduct(scope: string, sellerId: string, productCode: string, refresh: boolean) {
  const [found, setFound] = useState(true);
  // The fetch failed (offline, refused): a product this device does not hold cannot show.
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!refresh || !syncEngine()) return;
    let current = true;
    setFailed(false);
    mirror('product', scope, sellerId, productCode)?.then(
      (r) => current && setFound(r.found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [scope, sellerId, productCode, refresh]);
  const item = useLiveQuery(async () => {
    const { product, meta } = await heldItem(localDatabase(), scope, sellerId, productCode);
    return product ? { product, meta: meta ?? null } : null;
  }, [scope, sellerId, productCode]);
  return { item, found, failed };
}
