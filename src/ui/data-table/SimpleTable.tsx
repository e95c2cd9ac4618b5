import { useMemo, useRef } from 'react';
import { messages } from '../../domain/messages';
import { columnFitRules } from './column-fit-rules';
import { columnKind, stackHolder, type Column } from './columns';
import { Status } from './data-table.styles';
import { Frame } from './side-scroll-cue.styles';
import { SideScrollCue } from './SideScrollCue';
import { Table, TableScroll } from './simple-table.styles';
import { StackedCells } from './StackedCells';
import { useSideScroll } from './use-side-scroll';

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
 * stacks low-priority columns under a wide text column; narrower still, it scrolls
 * sideways with a cue at the edge.
 */
export function SimpleTable<R>({ label, rows, columns, rowKey, emptyText = messages.noResults, maxHeight }: SimpleTableProps<R>) {
  const fitRules = useMemo(() => columnFitRules(columns, { rows: 'table' }), [columns]);
  const holder = useMemo(() => stackHolder(columns), [columns]);
  const box = useRef<HTMLDivElement>(null);
  const sideScroll = useSideScroll(box, rows.length > 0);
  if (rows.length === 0) return <Status role="status">{emptyText}</Status>;
  return (
    <Frame>
      {/* A scroll box must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <TableScroll ref={box} $maxHeight={maxHeight} $fitRules={fitRules} tabIndex={0} role="region" aria-label={label}>
        <Table aria-label={label}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column.id}
                  scope="col"
                  data-column={index}
                  data-kind={columnKind(column)}
                  className={column.align === 'end' ? 'number' : undefined}
                  style={{ minWidth: column.minWidth }}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) => (
                  <td key={column.id} data-column={index} data-kind={columnKind(column)} className={column.align === 'end' ? 'number' : undefined}>
                    {column.cell(row)}
                    {index === holder && <StackedCells row={row} columns={columns} holder={holder} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <SideScrollCue scroll={sideScroll} />
    </Frame>
  );
}
