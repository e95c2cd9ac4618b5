import type { Column } from './columns';
import { columnKind, columnLabel, isStackable } from './columns';
import { Stacked } from './data-table.styles';

/**
 * The values of the columns a narrow box may not give a track of their own, as labelled
 * lines in the holder's cell (the first wide text column, see `stackHolder`): the table's
 * container queries show those of the columns its box's width drops (see column-fit-rules.ts).
 */
export function StackedCells<R>({ row, columns, holder }: { row: R; columns: readonly Column<R>[]; holder: number }) {
  if (!columns.some((column, index) => isStackable(column, index, holder))) return null;
  return (
    <Stacked data-stacked-list="">
      {columns.map((column, index) =>
        isStackable(column, index, holder) ? (
          <div key={column.id} data-stacked={index}>
            <dt>{columnLabel(column)}</dt>
            <dd data-kind={columnKind(column)}>{column.cell(row)}</dd>
          </div>
        ) : null,
      )}
    </Stacked>
  );
}
