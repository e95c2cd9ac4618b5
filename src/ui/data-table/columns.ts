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
   * scrolls sideways. The first column is never dropped: it holds the others.
   */
  priority?: 1 | 2 | 3;
}

export const DEFAULT_MIN_WIDTH = 120;

export const columnLabel = <R>(column: Column<R>): string =>
  column.label ?? (typeof column.header === 'string' ? column.header : column.id);

/** Whether a column can give up its track for a line in the first cell. */
export const isStackable = <R>(column: Column<R>, index: number): boolean => index > 0 && (column.priority ?? 1) > 1;

/** One set of columns a table shows as its box narrows. */
export interface ColumnFit<R> {
  /** The set applies to a box narrower than this many CSS pixels; the first set has none. */
  below?: number;
  /** The column this set stacks into the first cell, beyond those the wider sets stack. */
  dropped?: Column<R>;
  /** The columns with a track of their own. */
  shown: Column<R>[];
}

const neededWidth = <R>(columns: readonly Column<R>[]) => columns.reduce((sum, c) => sum + (c.minWidth ?? DEFAULT_MIN_WIDTH), 0);

/**
 * The sets of columns a table goes through as its box narrows, widest first: every
 * column, then one fewer each time the kept columns' minimum widths no longer fit.
 * Lower priorities go first; within one priority the rightmost goes first.
 */
export function columnFits<R>(columns: readonly Column<R>[]): ColumnFit<R>[] {
  const dropOrder = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column, index }) => isStackable(column, index))
    .sort((a, b) => (b.column.priority ?? 1) - (a.column.priority ?? 1) || b.index - a.index);
  const fits: ColumnFit<R>[] = [{ shown: [...columns] }];
  for (const { column } of dropOrder) {
    const wider = fits[fits.length - 1]!;
    fits.push({ below: neededWidth(wider.shown), dropped: column, shown: wider.shown.filter((c) => c !== column) });
  }
  return fits;
}

export const gridTemplate = <R>(columns: readonly Column<R>[]): string =>
  columns.map((c) => c.width ?? `minmax(${c.minWidth ?? DEFAULT_MIN_WIDTH}px, 1fr)`).join(' ');
