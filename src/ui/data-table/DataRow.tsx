import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { columnKind, type Column } from './columns';
import { Cell, Row } from './data-table.styles';
import { isFromControl } from './is-from-control';
import { StackedCells } from './StackedCells';

export interface RowState {
  bold?: boolean;
  dimmed?: boolean;
}

interface DataRowProps<R> {
  row: R;
  index: number;
  columns: readonly Column<R>[];
  /** The index of the column whose cell holds the stacked lines (`stackHolder`). */
  holder: number;
  /** The virtualizer's: it measures the row and moves it. */
  measureRef: (element: HTMLDivElement | null) => void;
  onActivate?: (row: R) => void;
  rowDescription?: (row: R) => string | undefined;
  rowState?: (row: R) => RowState;
}

function DataRowOf<R>({ row, index, columns, holder, measureRef, onActivate, rowDescription, rowState }: DataRowProps<R>) {
  const state = rowState?.(row) ?? {};
  const activate = (event: MouseEvent<HTMLDivElement>) => {
    if (!onActivate || isFromControl(event.target, event.currentTarget)) return;
    onActivate(row);
  };
  const keyActivate = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onActivate || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(row);
    }
  };
  return (
    <Row
      ref={measureRef}
      data-index={index}
      data-grid-row=""
      role="row"
      aria-rowindex={index + 2}
      aria-description={rowDescription?.(row)}
      tabIndex={onActivate ? 0 : undefined}
      data-bold={state.bold ? 'true' : undefined}
      data-dimmed={state.dimmed ? 'true' : undefined}
      $bold={Boolean(state.bold)}
      $dimmed={Boolean(state.dimmed)}
      $clickable={Boolean(onActivate)}
      onClick={activate}
      onKeyDown={keyActivate}
    >
      {columns.map((column, columnIndex) => (
        <Cell key={column.id} role="cell" data-column={columnIndex} data-kind={columnKind(column)} $align={column.align}>
          {column.cell(row)}
          {columnIndex === holder && <StackedCells row={row} columns={columns} holder={holder} />}
        </Cell>
      ))}
    </Row>
  );
}

/**
 * One row of the list table. Memoised: the virtualizer re-renders the table whenever the
 * rows in view change (as it mounts, as the user scrolls), and a row whose data and
 * columns are the same is then not rendered again.
 */
export const DataRow = memo(DataRowOf) as typeof DataRowOf;
