import { useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { messages } from '../../domain/messages';
import { useElementWidth } from '../hooks/use-element-width';
import { fitColumns, gridTemplate, type Column } from './columns';
import { Body, Cell, HeaderCell, HeaderRow, Row, Status, StatusCell, StatusRow, Viewport } from './data-table.styles';
import { isFromControl } from './is-from-control';
import { StackedCells } from './StackedCells';

export interface RowState {
  bold?: boolean;
  dimmed?: boolean;
}

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
 * A row's height as the resize observer reports it once the browser has laid the row
 * out; asked at commit (no report yet), the size known so far. Reading the row's box at
 * commit instead would force a layout of the whole page inside the render's task.
 */
const sizeAfterLayout: VirtualizerOptions<HTMLDivElement, Element>['measureElement'] = (element, entry, instance) => {
  // borderBoxSize is missing before Safari 15.4: the size known so far stands in.
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
};

/**
 * The portal's list table: virtualised (only the rows in view are in the page),
 * a sticky header, rows opened by pointer or keyboard, and columns that give way on a
 * narrow box by priority instead of being cut off.
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
  estimatedRowHeight = 56,
}: DataTableProps<R>) {
  // New rows are rendered as a transition, in slices between which the browser can paint and
  // answer input: the store's live queries deliver them as urgent updates, and a page of rows
  // rendered in one go was one of the longest tasks of a list's first load. Until that render
  // commits, the rows shown before stay.
  const rows = useDeferredValue(latestRows);
  const viewport = useRef<HTMLDivElement>(null);
  const width = useElementWidth(viewport);
  const { shown, stacked } = fitColumns(columns, width ?? 0);
  const template = gridTemplate(shown);
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
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    // `loading` and `exhausted` already speak of the latest rows: the rows shown before must not ask again.
    if (!loadMore || rows !== latestRows || count === 0 || loading || exhausted) return;
    if (lastShown >= count - Math.max(1, loadMoreAt)) loadMore();
  }, [rows, latestRows, lastShown, count, loading, exhausted, loadMore, loadMoreAt]);

  const activate = (row: R) => (event: MouseEvent<HTMLDivElement>) => {
    if (!onActivate || isFromControl(event.target, event.currentTarget)) return;
    onActivate(row);
  };
  const keyActivate = (row: R) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onActivate || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(row);
    }
  };

  const firstLoad = rows === undefined || (count === 0 && loading);
  // Rows are laid out once the box's width says which columns fit: rendered before that,
  // every row would be rendered twice before the first paint.
  const measured = width !== undefined;
  return (
    <>
      <Viewport
        ref={viewport}
        $height={height}
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        aria-busy={loading}
        // Rows that open take focus themselves; otherwise the box does, so the keyboard can scroll it.
        tabIndex={onActivate ? undefined : 0}
      >
        <HeaderRow role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {shown.map((column) => (
            <HeaderCell key={column.id} role="columnheader" $align={column.align}>
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
            {measured && items.map((item) => {
              const row = rows[item.index]!;
              const state = rowState?.(row) ?? {};
              const description = rowDescription?.(row);
              return (
                <Row
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-description={description}
                  tabIndex={onActivate ? 0 : undefined}
                  data-bold={state.bold ? 'true' : undefined}
                  data-dimmed={state.dimmed ? 'true' : undefined}
                  $bold={Boolean(state.bold)}
                  $dimmed={Boolean(state.dimmed)}
                  $clickable={Boolean(onActivate)}
                  style={{ gridTemplateColumns: template }}
                  onClick={activate(row)}
                  onKeyDown={keyActivate(row)}
                >
                  {shown.map((column, index) => (
                    <Cell key={column.id} role="cell" $align={column.align}>
                      {column.cell(row)}
                      {index === 0 && <StackedCells row={row} columns={stacked} />}
                    </Cell>
                  ))}
                </Row>
              );
            })}
          </Body>
        )}
      </Viewport>
      {loading && count > 0 && <Status role="status">{loadingText}</Status>}
    </>
  );
}
