import type { ReactNode } from 'react';

/** One column of a kit table. */
export interface Column<R> {
  id: string;
  header: ReactNode;
  /** The column's name where the header is not plain text (stacked cells and screen readers use it). */
  label?: string;
  cell: (row: R) => ReactNode;
  /** A CSS grid track for the column; defaults to a share of the free width. */
  width?: string;
  /** The narrowest the column may be, in CSS pixels. */
  minWidth?: number;
  align?: 'start' | 'end';
  /**
   * 1 is always shown. Columns of priority 2 and then 3 are dropped from their own
   * track, last first, when the table's box cannot hold them, and are shown stacked
   * under the first column's content instead: nothing is cut off and the page never
   * scrolls sideways.
   */
  priority?: 1 | 2 | 3;
}

export const DEFAULT_MIN_WIDTH = 120;

export const columnLabel = <R>(column: Column<R>): string =>
  column.label ?? (typeof column.header === 'string' ? column.header : column.id);

/**
 * Splits the columns into those that keep their own track and those stacked into the
 * first cell, for a box `width` pixels wide. Lower priorities go first; within one
 * priority the rightmost goes first. Width 0 (not measured yet) keeps every column.
 */
export function fitColumns<R>(columns: readonly Column<R>[], width: number): { shown: Column<R>[]; stacked: Column<R>[] } {
  if (width <= 0) return { shown: [...columns], stacked: [] };
  const dropOrder = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => (column.priority ?? 1) > 1)
    .sort((a, b) => (b.column.priority ?? 1) - (a.column.priority ?? 1) || b.index - a.index);
  const dropped = new Set<Column<R>>();
  const needed = () =>
    columns.filter((c) => !dropped.has(c)).reduce((sum, c) => sum + (c.minWidth ?? DEFAULT_MIN_WIDTH), 0);
  for (const { column } of dropOrder) {
    if (needed() <= width) break;
    dropped.add(column);
  }
  return { shown: columns.filter((c) => !dropped.has(c)), stacked: columns.filter((c) => dropped.has(c)) };
}

export const gridTemplate = <R>(columns: readonly Column<R>[]): string =>
  columns.map((c) => c.width ?? `minmax(${c.minWidth ?? DEFAULT_MIN_WIDTH}px, 1fr)`).join(' ');
