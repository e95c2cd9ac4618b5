import type { Column } from './columns';
import { columnLabel } from './columns';
import { Stacked } from './data-table.styles';

/** The values of the columns a narrow box could not give a track of their own, as labelled lines. */
export function StackedCells<R>({ row, columns }: { row: R; columns: readonly Column<R>[] }) {
  if (columns.length === 0) return null;
  return (
    <Stacked>
      {columns.map((column) => (
        <div key={column.id}>
          <dt>{columnLabel(column)}</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </Stacked>
  );
}
