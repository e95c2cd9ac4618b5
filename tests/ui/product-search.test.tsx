import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../src/domain/constants';
import { ProductTable } from '../../src/features/catalogue/product-table';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { mirrorProductFill } from '../../src/sync/mirror-fill';
import { mirrorProductPage, mirrorProductSearchPage } from '../../src/sync/mirror-pages';
import type { FillPosition } from '../../src/sync/product-chunks';
import { ProductSearch } from '../../src/sync/product-search';
import { buildTheme } from '../../src/ui/theme/theme';
import { TooltipProvider } from '../../src/ui/tooltip/Tooltip';
import { productWrapper } from '../sync/helpers/product-rows';
import { scriptedFetch, type Answer, type Recorded } from '../sync/helpers/scripted-fetch';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore } from './support/orders-store';
import './support/setup';

const SELLER = 'SUP1';
const SCOPE = `seller:${SELLER}`;
/** 100 products, T001..T100: the even ones are flasks, the odd ones beakers. */
const CATALOGUE = Array.from({ length: 100 }, (_, i) => {
  const code = `T${String(i + 1).padStart(3, '0')}`;
  return productWrapper(SELLER, code, (i + 1) % 2 === 0 ? `Flask ${i + 1}` : `Beaker ${i + 1}`);
});

let db: LocalDatabase;
beforeEach(() => {
  db = openTestStore();
  giveElementsASize();
});
afterEach(() => closeTestStore(db));

/** The catalogue server: cursor paging in code order and `q`; the large pages of the background fill fail (a fill cut short). */
function catalogueServer(searchAnswers: (request: Recorded) => Answer | null = () => null) {
  return scriptedFetch((request) => {
    const url = new URL(request.url, 'http://x');
    const limit = Number(url.searchParams.get('limit'));
    if (limit > 20) return 'network-error';
    const q = url.searchParams.get('q');
    if (q !== null) {
      const answer = searchAnswers(request);
      if (answer) return answer;
    }
    const after = url.searchParams.get('cursor') ?? '';
    const rest = CATALOGUE.filter((w) => w.product.productCode > after && `${w.product.productCode} ${w.product.description}`.toLowerCase().includes((q ?? '').toLowerCase()));
    const page = rest.slice(0, limit);
    return { status: 200, body: { data: page, cursor: rest.length > limit ? page[page.length - 1]!.product.productCode : null } };
  });
}

/** The sync worker as the screen meets it: the real mirror and search over this test's store, against `server`. */
function engineOver(server: ReturnType<typeof scriptedFetch>) {
  const ctx = { db: asSyncDb(db), fetch: server.fetch };
  const search = new ProductSearch(asSyncDb(db));
  fakeEngine({
    productPage: (scope: string, sellerId: string, from: FillPosition | null, limit: number) => mirrorProductPage(ctx, scope, sellerId, from, limit),
    productFill: (scope: string, sellerId: string, from: FillPosition | null) => mirrorProductFill(ctx, scope, sellerId, from),
    productSearchPage: (scope: string, sellerId: string, text: string, cursor: string | null) => mirrorProductSearchPage(ctx, scope, sellerId, text, cursor),
    searchProducts: (scope: string, sellerId: string, text: string, limit: number) => search.search(scope, sellerId, text, limit),
  });
}

const searchRequests = (server: ReturnType<typeof scriptedFetch>) =>
  server.requests
    .map((r) => new URL(r.url, 'http://x').searchParams)
    .filter((p) => p.has('q'))
    .map((p) => `${p.get('q')} limit ${p.get('limit')} after ${p.get('cursor') ?? '-'}`);

async function openTable() {
  render(
    <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
      <TooltipProvider>
        <ProductTable scope={SCOPE} sellerId={SELLER} onToggleIncluded={null} onOpen={() => undefined} />
      </TooltipProvider>
    </ThemeProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Products' });
  await within(table).findByText('T020');
  await screen.findByText(/the rest could not be loaded/);
  return table;
}

const shownCount = (table: HTMLElement) => Number(table.getAttribute('aria-rowcount')) - 1;

describe('searching a catalogue the device does not hold whole', () => {
  it("asks the server 20 hits a page with its cursor, the next at the last hit, until it says there is no more; each hit shows once", async () => {
    const server = catalogueServer();
    engineOver(server);
    const table = await openTable();

    fireEvent.change(screen.getByLabelText('Search by code or description'), { target: { value: 'flask' } });
    // The device holds T001..T020 (10 flasks); the server's pages are T002..T040, T042..T080, T082..T100.
    // Each next page is asked for once its last hit is in view: scrolled to the end, as a user would.
    await waitFor(() => {
      table.scrollTop = 56 * shownCount(table);
      fireEvent.scroll(table);
      expect(shownCount(table)).toBe(50);
    });
    expect(searchRequests(server)).toEqual(['flask limit 20 after -', 'flask limit 20 after T040', 'flask limit 20 after T080']);
    // Virtualised: not every hit is in the page at once.
    expect(within(table).getAllByRole('row').length).toBeLessThan(50);
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    // Flasks only, in code order, each once (T002..T020 are both held and among the server's hits).
    expect(shown.every((code) => Number(code!.slice(1)) % 2 === 0)).toBe(true);
    expect(shown).toEqual([...new Set(shown)].sort());

    // The server said there is no more: reaching the end asks for nothing.
    table.scrollTop = 56 * 50;
    fireEvent.scroll(table);
    await new Promise((r) => setTimeout(r, 300));
    expect(searchRequests(server)).toHaveLength(3);
  });

  it("asks the server once typing pauses, and falls back quietly to the device's hits when it cannot be reached", async () => {
    const server = catalogueServer(() => 'network-error');
    engineOver(server);
    const table = await openTable();

    await userEvent.setup().type(screen.getByLabelText('Search by code or description'), 'flask');
    await waitFor(() => expect(searchRequests(server)).toContain('flask limit 20 after -'));
    // Typed letter by letter: the server is asked once typing pauses, not for each prefix.
    expect(searchRequests(server)).toEqual(['flask limit 20 after -']);
    // The first 20 products are held: their 10 flasks show, and no error does.
    await waitFor(() => expect(shownCount(table)).toBe(10));
    expect(within(table).getByText('T020')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('searching a catalogue an earlier visit held whole', () => {
  it('searches the device alone while the new visit\'s fill is under way', async () => {
    // The earlier visit: one page of the whole catalogue, its fill complete.
    const earlier = scriptedFetch(() => ({ status: 200, body: { data: CATALOGUE, cursor: null } }));
    const stored = await mirrorProductPage({ db: asSyncDb(db), fetch: earlier.fetch }, SCOPE, SELLER, null, 100);
    expect(stored).toEqual({ count: 100, next: null });

    // This visit's fill stops after the first 20 (its large pages fail): not complete, but the earlier one is.
    const server = catalogueServer();
    engineOver(server);
    render(
      <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
        <TooltipProvider>
          <ProductTable scope={SCOPE} sellerId={SELLER} onToggleIncluded={null} onOpen={() => undefined} />
        </TooltipProvider>
      </ThemeProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    // Not 'the rest could not be loaded': the device holds the whole catalogue from the earlier fill.
    await screen.findByText('100 products on this device: the whole catalogue, as of the last connection');
    await waitFor(() => expect(shownCount(table)).toBe(100));
    fireEvent.change(screen.getByLabelText('Search by code or description'), { target: { value: 'flask' } });
    await waitFor(() => expect(shownCount(table)).toBe(50));
    await new Promise((r) => setTimeout(r, 600));
    expect(searchRequests(server)).toEqual([]);
  });
});

