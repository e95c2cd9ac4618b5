import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '../../../src/domain/constants';
import { messages } from '../../../src/domain/messages';
import { fitColumns, type Column } from '../../../src/ui/data-table/columns';
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

describe('fitColumns', () => {
  it('keeps every column when the box holds them, or before it is measured', () => {
    expect(fitColumns(columns, 600).shown.map((c) => c.id)).toEqual(['name', 'id', 'note']);
    expect(fitColumns(columns, 0).stacked).toEqual([]);
  });

  it('stacks the lowest priority first, then the next, never priority 1', () => {
    expect(fitColumns(columns, 350)).toMatchObject({ shown: [{ id: 'name' }, { id: 'id' }], stacked: [{ id: 'note' }] });
    expect(fitColumns(columns, 250).stacked.map((c) => c.id)).toEqual(['id', 'note']);
    expect(fitColumns(columns, 50).shown.map((c) => c.id)).toEqual(['name']);
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

  it('stacks low-priority columns into the first cell on a narrow box, labelled, instead of cutting them off', async () => {
    sizeViewports(250, 560);
    renderTable(<DataTable label="Narrow" rows={items(1)} columns={columns} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Narrow' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name']);
    const firstCell = (await within(table).findAllByRole('cell'))[0]!;
    expect(within(firstCell).getByText('Note').tagName).toBe('DT');
    expect(within(firstCell).getByText('note 0')).toBeTruthy();
    expect(within(firstCell).getByText('r0')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
