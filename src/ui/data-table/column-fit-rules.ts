import { columnFits, STACK_BELOW_SCREEN_WIDTH, type Column } from './columns';

/**
 * The CSS that gives a table's box the columns of `columnFits` for its width, as container
 * queries on that box (`container-type: inline-size`). The browser picks the set in the
 * layout that places the rows: no script reads the box's width, which forced a layout of
 * the whole page while a table mounted, and no row is rendered twice or moves once painted.
 * Cells carry `data-column` (their column's index), the holder cell's stacked lines
 * `data-stacked`, and their list `data-stacked-list`. `rows` is the selector of the
 * elements that must keep the set's minimum width (the box scrolls sideways below it);
 * `template`, for a table of CSS grid rows, gives each set's track template.
 */
export function columnFitRules<R>(columns: readonly Column<R>[], layout: { rows: string; template?: (shown: Column<R>[]) => string }): string {
  const [widest, ...narrower] = columnFits(columns);
  const setRules = (shown: Column<R>[], width: number) =>
    `${layout.rows} { min-width: ${width}px;${layout.template ? ` grid-template-columns: ${layout.template(shown)};` : ''} }`;
  const rules = ['[data-stacked-list], [data-stacked] { display: none; }', setRules(widest!.shown, widest!.width)];
  // Each narrower set comes later, so its rules win, and the columns the wider sets dropped stay dropped.
  // On a screen as wide as a landscape tablet every column keeps its own track: a box too narrow scrolls.
  const stacking = narrower.map(({ below, dropped, shown, width }) => {
    const index = columns.indexOf(dropped!);
    return (
      `@container (width < ${below}px) {` +
      ` [data-column='${index}'] { display: none; } [data-stacked='${index}'] { display: flex; } [data-stacked-list] { display: grid; }` +
      ` ${setRules(shown, width)} }`
    );
  });
  if (stacking.length > 0) rules.push(`@media (width < ${STACK_BELOW_SCREEN_WIDTH}px) {\n${stacking.join('\n')}\n}`);
  return rules.join('\n');
}
