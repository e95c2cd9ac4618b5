import { columnFits, type Column } from './columns';

/**
 * The CSS that gives a table's box the columns of `columnFits` for its width, as container
 * queries on that box (`container-type: inline-size`). The browser picks the set in the
 * layout that places the rows: no script reads the box's width, which forced a layout of
 * the whole page while a table mounted, and no row is rendered twice or moves once painted.
 * Cells carry `data-column` (their column's index), the first cell's stacked lines
 * `data-stacked`, and their list `data-stacked-list`. `grid`, for a table of CSS grid rows,
 * gives the selector of its rows and each set's track template.
 */
export function columnFitRules<R>(columns: readonly Column<R>[], grid?: { rows: string; template: (shown: Column<R>[]) => string }): string {
  const [widest, ...narrower] = columnFits(columns);
  const rules = ['[data-stacked-list], [data-stacked] { display: none; }'];
  if (grid) rules.push(`${grid.rows} { grid-template-columns: ${grid.template(widest!.shown)}; }`);
  // Each narrower set comes later, so its template wins, and the columns the wider sets dropped stay dropped.
  for (const { below, dropped, shown } of narrower) {
    const index = columns.indexOf(dropped!);
    rules.push(
      `@container (width < ${below}px) {` +
        ` [data-column='${index}'] { display: none; } [data-stacked='${index}'] { display: flex; } [data-stacked-list] { display: grid; }` +
        (grid ? ` ${grid.rows} { grid-template-columns: ${grid.template(shown)}; }` : '') +
        ' }',
    );
  }
  return rules.join('\n');
}
