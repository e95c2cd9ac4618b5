import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../domain/constants';

export interface OffsetMirror {
  /** Ask for the next page; call when the list's trigger row becomes visible. */
  loadMore(): void;
  loading: boolean;
  /** The last page came back short: nothing more to load for now. */
  exhausted: boolean;
  /** The last page could not be fetched (offline, server down): the list shows what it holds. */
  failed: boolean;
}

type FetchPage = (offset: number) => Promise<{ full: boolean }> | undefined;

/**
 * Offset paging as the spec has it: the first page on mount (and whenever `resetKey`
 * changes, e.g. a filter), then the next one on request; the offset moves on by a
 * page (`pageSize` rows) only when a full page came back, so a short page is asked
 * again next time.
 */
export function useOffsetMirror(fetchPage: FetchPage, resetKey: string, pageSize: number = PAGE_SIZE): OffsetMirror {
  const offset = useRef(0);
  const busy = useRef(false);
  const [state, setState] = useState({ loading: false, exhausted: false, failed: false });
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(() => {
    if (busy.current) return;
    const pending = fetchRef.current(offset.current);
    if (!pending) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true }));
    pending.then(
      ({ full }) => {
        if (full) offset.current += pageSize;
        busy.current = false;
        setState({ loading: false, exhausted: !full, failed: false });
      },
      () => {
        busy.current = false;
        setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, [pageSize]);

  useEffect(() => {
    offset.current = 0;
    busy.current = false;
    load();
  }, [resetKey, load]);

  return { loadMore: load, ...state };
}
