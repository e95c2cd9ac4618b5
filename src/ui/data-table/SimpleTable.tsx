import { useMemo } from 'react';
import { messages } from '../../domain/messages';
import { columnFitRules } from './column-fit-rules';
import type { Column } from './columns';
import { Status } from './data-table.styles';
import { Table, TableScroll } from './simple-table.styles';
import { StackedCells } from './StackedCells';

interface SimpleTableProps<R> {
  label: string;
  rows: readonly R[];
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  emptyText?: string;
  /** CSS max-height of the scroll box. */
  maxHeight?: string;
}

/**
 * A short table (lines of one document, prices of one product): every row in the page,
 * printable, and the same column priorities as the list table so a narrow screen
 * stacks low-priority columns instead of scrolling sideways.
 */
export function SimpleTable<R>({ label, rows, columns, rowKey, emptyText = messages.noResults, maxHeight }: SimpleTableProps<R>) {
  const fitRules = useMemo(() => columnFitRules(columns), [columns]);
  if (rows.length === 0) return <Status role="status">{emptyText}</Status>;
  return (
    // A scroll box must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable).
    <TableScroll $maxHeight={maxHeight} $fitRules={fitRules} tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column.id} scope="col" data-column={index} className={column.align === 'end' ? 'number' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={column.id} data-column={index} className={column.align === 'end' ? 'number' : undefined}>
                  {column.cell(row)}
                  {index === 0 && <StackedCells row={row} columns={columns} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
