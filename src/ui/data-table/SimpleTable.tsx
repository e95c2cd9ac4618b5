import { useRef, type ReactNode } from 'react';
import { messages } from '../../domain/messages';
import { useElementWidth } from '../hooks/use-element-width';
import { fitColumns, type Column } from './columns';
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
  /** Rows after the body (totals). */
  footer?: ReactNode;
}

/**
 * A short table (lines of one document, prices of one product): every row in the page,
 * printable, and the same column priorities as the list table so a narrow screen
 * stacks low-priority columns instead of scrolling sideways.
 */
export function SimpleTable<R>({ label, rows, columns, rowKey, emptyText = messages.noResults, maxHeight, footer }: SimpleTableProps<R>) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const { shown, stacked } = fitColumns(columns, width ?? 0);
  if (rows.length === 0) return <Status role="status">{emptyText}</Status>;
  return (
    // A scroll box must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable).
    <TableScroll ref={box} $maxHeight={maxHeight} tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label}>
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.id} scope="col" className={column.align === 'end' ? 'number' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column, index) => (
                <td key={column.id} className={column.align === 'end' ? 'number' : undefined}>
                  {column.cell(row)}
                  {index === 0 && <StackedCells row={row} columns={stacked} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </Table>
    </TableScroll>
  );
}
