import { useCallback, useEffect, useRef, useState } from 'react';

export interface CursorMirror {
  /** Ask for the next page; call when the list's trigger row becomes visible. */
  loadMore(): void;
  /** Start again from the first page (e.g. after an upload replaced the rows). */
  reload(): void;
  loading: boolean;
  /** The server said there is no next page. */
  exhausted: boolean;
  /** The last page could not be fetched (offline, server down): the list shows what it holds. */
  failed: boolean;
}

type FetchPage = (cursor: string | null) => Promise<{ next: string | null }> | undefined;

/**
 * Cursor paging as the spec has it for pricelists and prices: the first page on mount
 * (and whenever `resetKey` changes), then the page after the last cursor on request.
 */
export function useCursorMirror(fetchPage: FetchPage, resetKey: string): CursorMirror {
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const done = useRef(false);
  const [state, setState] = useState({ loading: false, exhausted: false, failed: false });
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(() => {
    if (busy.current || done.current) return;
    const pending = fetchRef.current(cursor.current);
    if (!pending) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true }));
    pending.then(
      ({ next }) => {
        cursor.current = next;
        done.current = next === null;
        busy.current = false;
        setState({ loading: false, exhausted: next === null, failed: false });
      },
      () => {
        busy.current = false;
        setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, []);

  const reload = useCallback(() => {
    cursor.current = null;
    done.current = false;
    busy.current = false;
    load();
  }, [load]);

  useEffect(reload, [resetKey, reload]);

  return { loadMore: load, reload, ...state };
}
