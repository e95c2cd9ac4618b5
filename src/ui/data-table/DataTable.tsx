import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { messages } from '../../domain/messages';
import { columnFitRules } from './column-fit-rules';
import { columnKind, gridTemplate, stackHolder, type Column } from './columns';
import { Body, HeaderCell, HeaderRow, Status, StatusCell, StatusRow, Viewport } from './data-table.styles';
import { DataRow, type RowState } from './DataRow';
import { rectAfterLayout, rectBeforeLayout, scrollUnlessThere, sizeAfterLayout } from './layout-free-virtualizer';
import { Frame } from './side-scroll-cue.styles';
import { SideScrollCue } from './SideScrollCue';
import { useSideScroll } from './use-side-scroll';

export interface DataTableProps<R> {
  /** The table's accessible name. */
  label: string;
  /** `undefined` while the first rows are being read. */
  rows: readonly R[] | undefined;
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  /** Opens a row: a click on it, or Enter or Space while it has focus. */
  onActivate?: (row: R) => void;
  /** Extra words a screen reader hears for a row (e.g. "unread"). */
  rowDescription?: (row: R) => string | undefined;
  rowState?: (row: R) => RowState;
  /** Asked for the next page when the `loadMoreAt`-th row from the end is visible. */
  loadMore?: () => void;
  /** 1: when the last row is visible; 6: the sixth-last (the spec says which per list). */
  loadMoreAt?: number;
  loading?: boolean;
  /** No more pages: `loadMore` is not asked again. */
  exhausted?: boolean;
  emptyText?: string;
  loadingText?: string;
  /** CSS height of the scroll box. */
  height?: string;
  estimatedRowHeight?: number;
}

/**
 * The portal's list table: virtualised (only the rows in view are in the page),
 * a sticky header, rows opened by pointer or keyboard, and columns that give way on a
 * narrow box by priority instead of being cut off; a box narrower than the columns
 * left scrolls sideways, with a cue at the edge.
 */
export function DataTable<R>({
  label,
  rows: latestRows,
  columns,
  rowKey,
  onActivate,
  rowDescription,
  rowState,
  loadMore,
  loadMoreAt = 1,
  loading = false,
  exhausted = false,
  emptyText = messages.noResults,
  loadingText = 'Loading…',
  height = 'calc(100dvh - 280px)',
  estimatedRowHeight = 48,
}: DataTableProps<R>) {
  // New rows are rendered as a transition, in slices between which the browser can paint and
  // answer input: the store's live queries deliver them as urgent updates, and a page of rows
  // rendered in one go was one of the longest tasks of a list's first load. Until that render
  // commits, the rows shown before stay.
  const rows = useDeferredValue(latestRows);
  const viewport = useRef<HTMLDivElement>(null);
  const fitRules = useMemo(() => columnFitRules(columns, { rows: '[data-grid-row]', template: gridTemplate }), [columns]);
  const holder = useMemo(() => stackHolder(columns), [columns]);
  const sideScroll = useSideScroll(viewport);
  const count = rows?.length ?? 0;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => viewport.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    getItemKey: (index) => (rows ? rowKey(rows[index]!) : index),
    // The virtualizer moves rows and sizes the body itself as rows are measured, so a
    // measurement re-renders the table only when the set of rows in view changes.
    directDomUpdates: true,
    measureElement: sizeAfterLayout,
    observeElementRect: rectAfterLayout,
    initialRect: rectBeforeLayout(),
    scrollToFn: scrollUnlessThere,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    // `loading` and `exhausted` already speak of the latest rows: the rows shown before must not ask again.
    if (!loadMore || rows !== latestRows || count === 0 || loading || exhausted) return;
    if (lastShown >= count - Math.max(1, loadMoreAt)) loadMore();
  }, [rows, latestRows, lastShown, count, loading, exhausted, loadMore, loadMoreAt]);

  const firstLoad = rows === undefined || (count === 0 && loading);
  return (
    <>
      <Frame>
        <Viewport
          ref={viewport}
          $height={height}
          $fitRules={fitRules}
          role="table"
          aria-label={label}
          aria-rowcount={count + 1}
          aria-busy={loading}
          // Rows that open take focus themselves; otherwise (or while there are none: loading, empty)
          // the box does, so the keyboard can scroll it.
          tabIndex={onActivate && !firstLoad && count > 0 ? undefined : 0}
        >
          <HeaderRow role="row" aria-rowindex={1} data-grid-row="">
            {columns.map((column, index) => (
              <HeaderCell key={column.id} role="columnheader" data-column={index} data-kind={columnKind(column)} $align={column.align}>
                {column.header}
              </HeaderCell>
            ))}
          </HeaderRow>
          {firstLoad || count === 0 ? (
            // A table holds rows only: the loading or empty text is a row of its own.
            <Body role="rowgroup">
              <StatusRow role="row">
                <StatusCell role="cell">
                  <Status role="status">{firstLoad ? loadingText : emptyText}</Status>
                </StatusCell>
              </StatusRow>
            </Body>
          ) : (
            <Body role="rowgroup" ref={virtualizer.containerRef}>
              {items.map((item) => (
                <DataRow
                  key={item.key}
                  row={rows[item.index]!}
                  index={item.index}
                  columns={columns}
                  holder={holder}
                  measureRef={virtualizer.measureElement}
                  onActivate={onActivate}
                  rowDescription={rowDescription}
                  rowState={rowState}
                />
              ))}
            </Body>
          )}
        </Viewport>
        <SideScrollCue scroll={sideScroll} />
      </Frame>
      {loading && count > 0 && <Status role="status">{loadingText}</Status>}
    </>
  );
}
