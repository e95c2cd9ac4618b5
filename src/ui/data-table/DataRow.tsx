import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { Column } from './columns';
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
  /** The virtualizer's: it measures the row and moves it. */
  measureRef: (element: HTMLDivElement | null) => void;
  onActivate?: (row: R) => void;
  rowDescription?: (row: R) => string | undefined;
  rowState?: (row: R) => RowState;
}

function DataRowOf<R>({ row, index, columns, measureRef, onActivate, rowDescription, rowState }: DataRowProps<R>) {
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
        <Cell key={column.id} role="cell" data-column={columnIndex} $align={column.align}>
          {column.cell(row)}
          {columnIndex === 0 && <StackedCells row={row} columns={columns} />}
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
