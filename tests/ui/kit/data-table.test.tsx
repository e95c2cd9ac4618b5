import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '../../../src/domain/constants';
import { messages } from '../../../src/domain/messages';
import { columnFitRules } from '../../../src/ui/data-table/column-fit-rules';
import { columnFits, HOLDER_MIN_WIDTH, STACK_BELOW_SCREEN_WIDTH, stackHolder, type Column } from '../../../src/ui/data-table/columns';
import { DataTable } from '../../../src/ui/data-table/DataTable';
import { buildTheme } from '../../../src/ui/theme/theme';
import '../support/setup';

interface Item {
  id: string;
  name: string;
  note: string;
  unread?: boolean;
  done?: boolean;
}

const columns: Column<Item>[] = [
  { id: 'name', header: 'Name', minWidth: 200, cell: (r) => r.name },
  { id: 'id', header: 'Id', minWidth: 100, priority: 2, cell: (r) => r.id },
  { id: 'note', header: 'Note', minWidth: 200, priority: 3, cell: (r) => r.note },
];
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Row ${i}`, note: `note ${i}`, unread: i === 0, done: i === 1 }));

const theme = buildTheme(DEFAULT_THEME);
const renderTable = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

/** Gives the table's scroll box a real size, as a browser would (jsdom lays nothing out). */
function sizeViewports(width: number, height: number, rowHeight = 56) {
  const isBox = (el: HTMLElement) => el.getAttribute('role') === 'table';
  vi.spyOn(Screen.prototype, 'availHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? height : rowHeight;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? height : rowHeight;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const h = isBox(this) ? height : rowHeight;
    return { width, height: h, top: 0, left: 0, right: width, bottom: h, x: 0, y: 0, toJSON: () => ({}) };
  });
}

describe('columnFits', () => {
  const ids = (shown: Column<Item>[]) => shown.map((c) => c.id);

  it('keeps every column on a box that holds them, then stacks the lowest priority first, then the next, never priority 1', () => {
    const fits = columnFits(columns);
    expect(fits.map((f) => [f.below, f.dropped?.id, ids(f.shown), f.width])).toEqual([
      [undefined, undefined, ['name', 'id', 'note'], 500],
      // Under the 500 px the three need, Note (priority 3) goes; under the 300 px the other two need, Id.
      [500, 'note', ['name', 'id'], 300],
      [300, 'id', ['name'], 200],
    ]);
  });

  it('drops the rightmost of one priority first, and never the holder whatever its priority', () => {
    const same: Column<Item>[] = [
      { id: 'a', header: 'A', minWidth: 160, priority: 2, cell: (r) => r.name },
      { id: 'b', header: 'B', minWidth: 100, priority: 2, cell: (r) => r.id },
      { id: 'c', header: 'C', minWidth: 100, priority: 2, cell: (r) => r.note },
    ];
    expect(columnFits(same).map((f) => f.dropped?.id)).toEqual([undefined, 'c', 'b']);
  });

  it("stacks under the first wide text column, never under a '#', number, code or control column", () => {
    const lines: Column<Item>[] = [
      { id: 'number', header: '#', minWidth: 36, kind: 'number', cell: (r) => r.id },
      { id: 'pick', header: 'Pick', minWidth: 200, kind: 'control', cell: (r) => r.id },
      { id: 'code', header: 'Code', minWidth: 200, kind: 'code', cell: (r) => r.id },
      { id: 'short', header: 'Short', minWidth: 100, cell: (r) => r.name },
      { id: 'amount', header: 'Amount', minWidth: 200, align: 'end', priority: 2, cell: (r) => r.id },
      { id: 'description', header: 'Description', minWidth: HOLDER_MIN_WIDTH, priority: 2, cell: (r) => r.name },
      { id: 'note', header: 'Note', minWidth: 100, priority: 3, cell: (r) => r.note },
    ];
    expect(stackHolder(lines)).toBe(5);
    expect(columnFits(lines).map((f) => f.dropped?.id)).toEqual([undefined, 'note', 'amount']);
  });

  it('stacks nothing in a table without a wide text column: it scrolls sideways instead', () => {
    const narrow: Column<Item>[] = [
      { id: 'code', header: 'Code', minWidth: 200, kind: 'code', cell: (r) => r.id },
      { id: 'name', header: 'Name', minWidth: HOLDER_MIN_WIDTH - 1, priority: 3, cell: (r) => r.name },
    ];
    expect(stackHolder(narrow)).toBe(-1);
    expect(columnFits(narrow)).toHaveLength(1);
  });
});

describe('columnFitRules', () => {
  it('hides each dropped column and shows its stacked line in a container query below the width the wider set needs', () => {
    const rules = columnFitRules(columns, { rows: '.row', template: (shown) => shown.map((c) => c.id).join(' ') });
    expect(rules).toContain('.row { min-width: 500px; grid-template-columns: name id note; }');
    expect(rules).toMatch(/@container \(width < 500px\) \{ \[data-column='2'\] \{ display: none; \} \[data-stacked='2'\] \{ display: flex; \}.* \.row \{ min-width: 300px; grid-template-columns: name id; \}/);
    expect(rules).toMatch(/@container \(width < 300px\) \{ \[data-column='1'\] \{ display: none; \} \[data-stacked='1'\] \{ display: flex; \}.* \.row \{ min-width: 200px; grid-template-columns: name; \}/);
    // A narrower set's rules come later, so its template wins where both queries hold.
    expect(rules.indexOf('width < 500px')).toBeLessThan(rules.indexOf('width < 300px'));
    // Only on a screen narrower than a landscape tablet: wider, every column keeps its track.
    expect(rules.indexOf(`@media (width < ${STACK_BELOW_SCREEN_WIDTH}px) {`)).toBeLessThan(rules.indexOf('@container'));
  });

  it('gives a table of real rows the minimum width of its set, so a narrower box scrolls sideways', () => {
    expect(columnFitRules(columns, { rows: 'table' })).toContain('table { min-width: 500px; }');
  });
});

describe('DataTable', () => {
  it('says it is loading, then the empty text', () => {
    const { rerender } = renderTable(<DataTable label="Things" rows={undefined} columns={columns} rowKey={(r) => r.id} loadingText="Loading things…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading things…');
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable label="Things" rows={[]} columns={columns} rowKey={(r) => r.id} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(messages.noResults);
  });

  it('opens a row by click, Enter and Space, but not from a control inside it; marks bold and dimmed rows', async () => {
    sizeViewports(1000, 560);
    const onActivate = vi.fn();
    const withButton: Column<Item>[] = [...columns, { id: 'act', header: 'Act', cell: (r) => <button type="button">Act on {r.id}</button> }];
    renderTable(
      <DataTable label="Things" rows={items(3)} columns={withButton} rowKey={(r) => r.id} onActivate={onActivate} rowState={(r) => ({ bold: r.unread, dimmed: r.done })} />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    await within(table).findByText('Row 2');
    const rows = within(table).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[2]!).getByText('Row 2'));
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    fireEvent.keyDown(rows[0]!, { key: ' ' });
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Act on r0' }));
    expect(onActivate.mock.calls.map(([r]) => (r as Item).id)).toEqual(['r2', 'r1', 'r0']);
    expect(rows[0]!.getAttribute('data-bold')).toBe('true');
    expect(rows[1]!.getAttribute('data-dimmed')).toBe('true');
    expect(rows[2]!.getAttribute('tabindex')).toBe('0');
    vi.restoreAllMocks();
  });

  it('lets the keyboard reach its scroll box when no row is there to take the focus (loading, empty), and leaves it to the rows once they are', async () => {
    sizeViewports(800, 560);
    const onActivate = vi.fn();
    const { rerender } = renderTable(<DataTable label="Things" rows={undefined} columns={columns} rowKey={(r) => r.id} onActivate={onActivate} />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.getAttribute('tabindex')).toBe('0');
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable label="Things" rows={[]} columns={columns} rowKey={(r) => r.id} onActivate={onActivate} />
      </ThemeProvider>,
    );
    expect(table.getAttribute('tabindex')).toBe('0');
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable label="Things" rows={items(2)} columns={columns} rowKey={(r) => r.id} onActivate={onActivate} />
      </ThemeProvider>,
    );
    await within(table).findByText('Row 1');
    expect(table.getAttribute('tabindex')).toBeNull();
    vi.restoreAllMocks();
  });

  it('asks for more when the sixth-last row is in view, and not yet for a last-row trigger', async () => {
    sizeViewports(800, 560);
    const sixth = vi.fn();
    const last = vi.fn();
    const { unmount } = renderTable(<DataTable label="A" rows={items(22)} columns={columns} rowKey={(r) => r.id} loadMore={sixth} loadMoreAt={6} />);
    await screen.findByText('Row 10');
    await waitFor(() => expect(sixth).toHaveBeenCalled());
    unmount();
    renderTable(<DataTable label="B" rows={items(22)} columns={columns} rowKey={(r) => r.id} loadMore={last} loadMoreAt={1} />);
    await screen.findByText('Row 10');
    expect(last).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('does not ask for more from the rows shown before while the page that just landed is still rendering', async () => {
    sizeViewports(800, 560);
    const loadMore = vi.fn();
    const table = (rows: Item[], loading: boolean) => <DataTable label="D" rows={rows} columns={columns} rowKey={(r) => r.id} loadMore={loadMore} loading={loading} />;
    const { rerender } = renderTable(table(items(5), true));
    await screen.findByText('Row 4');
    // The page lands and loading ends in one update; its last row is out of view.
    rerender(<ThemeProvider theme={theme}>{table(items(30), false)}</ThemeProvider>);
    await screen.findByText('Row 12');
    expect(loadMore).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('does not ask again once the list is exhausted', () => {
    const loadMore = vi.fn();
    renderTable(<DataTable label="C" rows={items(2)} columns={columns} rowKey={(r) => r.id} loadMore={loadMore} exhausted />);
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('mounts and shows its rows without reading or writing any box\'s geometry: the resize observer reports the box', async () => {
    // In a browser each such access inside the render's commit forces a layout of the whole page.
    const observed: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: (entries: ResizeObserverEntry[]) => void) {}
        observe() {
          observed.push(() => this.report([]));
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
    const reads = [
      clientHeight,
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get'),
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get'),
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get'),
      vi.spyOn(Element.prototype, 'scrollTop', 'get'),
      vi.spyOn(Element.prototype, 'getBoundingClientRect'),
    ];
    Element.prototype.scrollTo = vi.fn();
    vi.spyOn(Screen.prototype, 'availHeight', 'get').mockReturnValue(560);
    renderTable(<DataTable label="Quiet" rows={items(30)} columns={columns} rowKey={(r) => r.id} />);
    await screen.findByText('Row 9');
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    expect(Element.prototype.scrollTo).not.toHaveBeenCalled();
    // Once laid out, the box's report (here 1000 px tall) brings the rows further down.
    clientHeight.mockReturnValue(1000);
    act(() => observed.forEach((report) => report()));
    await screen.findByText('Row 20');
    vi.restoreAllMocks();
  });

  it('does not render a row again when the table renders again with the same row and columns', async () => {
    sizeViewports(1000, 560);
    const cell = vi.fn((r: Item) => r.name);
    const counted: Column<Item>[] = [{ ...columns[0]!, cell }, ...columns.slice(1)];
    const rows = items(3);
    const table = (label: string) => <DataTable label={label} rows={rows} columns={counted} rowKey={(r) => r.id} />;
    const { rerender } = renderTable(table('Before'));
    await screen.findByText('Row 2');
    const calls = cell.mock.calls.length;
    rerender(<ThemeProvider theme={theme}>{table('After')}</ThemeProvider>);
    expect(screen.getByRole('table', { name: 'After' })).toBeTruthy();
    expect(cell.mock.calls.length).toBe(calls);
    vi.restoreAllMocks();
  });

  it('gives every column its header and cell, and the first cell a labelled line for each column a narrow box stacks', async () => {
    sizeViewports(250, 560);
    renderTable(<DataTable label="Narrow" rows={items(1)} columns={columns} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Narrow' });
    // jsdom has no container queries: which of them the browser shows, the e2e layouts check (tests/e2e/*-layout*).
    expect(within(table).getAllByRole('columnheader').map((h) => [h.textContent, h.dataset.column])).toEqual([
      ['Name', '0'],
      ['Id', '1'],
      ['Note', '2'],
    ]);
    const firstCell = (await within(table).findAllByRole('cell'))[0]!;
    const lines = [...firstCell.querySelectorAll<HTMLElement>('[data-stacked]')].map((line) => [line.dataset.stacked, line.querySelector('dt')?.textContent, line.querySelector('dd')?.textContent]);
    expect(lines).toEqual([
      ['1', 'Id', 'r0'],
      ['2', 'Note', 'note 0'],
    ]);
    vi.restoreAllMocks();
  });
});
