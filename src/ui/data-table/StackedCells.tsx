import type { Column } from './columns';
import { columnLabel, isStackable } from './columns';
import { Stacked } from './data-table.styles';

/**
 * The values of the columns a narrow box may not give a track of their own, as labelled
 * lines under the first cell's content: the table's container queries show those of the
 * columns its box's width drops (see column-fit-rules.ts).
 */
export function StackedCells<R>({ row, columns }: { row: R; columns: readonly Column<R>[] }) {
  if (!columns.some(isStackable)) return null;
  return (
    <Stacked data-stacked-list="">
      {columns.map((column, index) =>
        isStackable(column, index) ? (
          <div key={column.id} data-stacked={index}>
            <dt>{columnLabel(column)}</dt>
            <dd>{column.cell(row)}</dd>
          </div>
        ) : null,
      )}
    </Stacked>
  );
}
