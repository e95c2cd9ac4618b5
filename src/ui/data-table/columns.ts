import type { ReactNode } from 'react';

/**
 * What a column holds, which says how its text may break: `text` wraps between words
 * (never inside one) and may hold the stacked columns; a `code`, a `number` (amounts,
 * dates, quantities, '#') and a `control` (checkbox, icon, button) never wrap.
 */
export type ColumnKind = 'text' | 'code' | 'number' | 'control';

/** One column of a kit table. */
export interface Column<R> {
  id: string;
  header: ReactNode;
  /** The column's name where the header is not plain text (stacked cells and screen readers use it). */
  label?: string;
  cell: (row: R) => ReactNode;
  /** A CSS grid track for the column; defaults to a share of the free width. */
  width?: string;
  /** The narrowest the column may be, in CSS pixels: wide enough for its header's longest word and a code or amount it holds. */
  minWidth?: number;
  align?: 'start' | 'end';
  /** Defaults to `number` for a column aligned to the end, `text` otherwise. */
  kind?: ColumnKind;
  /**
   * 1 is always shown. On a screen narrower than `STACK_BELOW_SCREEN_WIDTH`, columns of
   * priority 2 and then 3 are dropped from their own track, last first, when the table's
   * box cannot hold them, and are shown as labelled lines under the table's first wide
   * text column instead (see `stackHolder`). A table without such a column stacks
   * nothing: it scrolls sideways, with a cue.
   */
  priority?: 1 | 2 | 3;
}

const DEFAULT_MIN_WIDTH = 120;
/** The narrowest text column that may hold stacked lines ('Description: ...' needs the room). */
export const HOLDER_MIN_WIDTH = 150;
/**
 * Columns stack only on a screen narrower than this (a portrait tablet): from a landscape
 * tablet (1024x768) up, every column keeps a track of its own and a box too narrow for
 * them scrolls sideways, with a cue.
 */
export const STACK_BELOW_SCREEN_WIDTH = 1000;

export const columnLabel = <R>(column: Column<R>): string =>
  column.label ?? (typeof column.header === 'string' ? column.header : column.id);

export const columnKind = <R>(column: Column<R>): ColumnKind => column.kind ?? (column.align === 'end' ? 'number' : 'text');

const minWidthOf = <R>(column: Column<R>): number => column.minWidth ?? DEFAULT_MIN_WIDTH;

/**
 * The index of the column that holds the stacked lines: the first text column at least
 * `HOLDER_MIN_WIDTH` wide, never a number, code, checkbox, icon or '#' column; -1 when
 * the table has none.
 */
export function stackHolder<R>(columns: readonly Column<R>[]): number {
  return columns.findIndex((column) => columnKind(column) === 'text' && minWidthOf(column) >= HOLDER_MIN_WIDTH);
}

/** Whether a column can give up its track for a line in the holder's cell. */
export const isStackable = <R>(column: Column<R>, index: number, holder: number): boolean =>
  holder >= 0 && index !== holder && (column.priority ?? 1) > 1;

/** One set of columns a table shows as its box narrows. */
export interface ColumnFit<R> {
  /** The set applies to a box narrower than this many CSS pixels; the first set has none. */
  below?: number;
  /** The column this set stacks into the holder's cell, beyond those the wider sets stack. */
  dropped?: Column<R>;
  /** The columns with a track of their own. */
  shown: Column<R>[];
  /** The sum of the shown columns' minimum widths: a box narrower than this scrolls sideways. */
  width: number;
}

const neededWidth = <R>(columns: readonly Column<R>[]) => columns.reduce((sum, c) => sum + minWidthOf(c), 0);

/**
 * The sets of columns a table goes through as its box narrows, widest first: every
 * column, then one fewer each time the kept columns' minimum widths no longer fit.
 * Lower priorities go first; within one priority the rightmost goes first.
 */
export function columnFits<R>(columns: readonly Column<R>[]): ColumnFit<R>[] {
  const holder = stackHolder(columns);
  const dropOrder = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column, index }) => isStackable(column, index, holder))
    .sort((a, b) => (b.column.priority ?? 1) - (a.column.priority ?? 1) || b.index - a.index);
  const fits: ColumnFit<R>[] = [{ shown: [...columns], width: neededWidth(columns) }];
  for (const { column } of dropOrder) {
    const wider = fits[fits.length - 1]!;
    const shown = wider.shown.filter((c) => c !== column);
    fits.push({ below: wider.width, dropped: column, shown, width: neededWidth(shown) });
  }
  return fits;
}

export const gridTemplate = <R>(columns: readonly Column<R>[]): string =>
  columns.map((c) => c.width ?? `minmax(${minWidthOf(c)}px, 1fr)`).join(' ');
