import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { Supplier } from '../../src/domain/schemas/catalogue';
import { SupplierPicker } from '../../src/features/catalogue/supplier-picker';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { runMirror } from '../../src/sync/mirror-registry';
import { buildTheme } from '../../src/ui/theme/theme';
import { scriptedFetch, type Answer } from '../sync/helpers/scripted-fetch';
import { closeTestStore, fakeEngine, openTestStore } from './support/orders-store';
import './support/setup';

const BUYER = 'UNI1';
const SUPPLIERS: Supplier[] = [
  { uniqueKey: 'SUPACMESCI01', name: 'Acme Scientific' },
  { uniqueKey: 'SUPBETA00001', name: 'Beta Labs' },
  { uniqueKey: 'SUPCHEM00001', name: 'Chem Direct' },
];

let db: LocalDatabase;
beforeEach(() => {
  db = openTestStore();
});
afterEach(() => closeTestStore(db));

/** The sync worker as the picker meets it: the real mirror over this test's store, against a server answering `answer`. */
function engineOver(answer: (url: URL) => Answer) {
  const server = scriptedFetch((request) => answer(new URL(request.url, 'http://x')));
  const ctx = { db: asSyncDb(db), fetch: server.fetch };
  fakeEngine({ suppliers: (scope: string, offset: number, nameLike?: string) => runMirror(ctx, 'suppliers', scope, offset, nameLike) });
  return server;
}

const byName = (url: URL) => {
  const like = (url.searchParams.get('nameLike') ?? '').toLowerCase();
  return SUPPLIERS.filter((s) => s.name.toLowerCase().includes(like));
};

function openPicker(picked: Supplier[] = []) {
  return render(
    <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
      <SupplierPicker buyerId={BUYER} onPick={(s) => picked.push(s)} />
    </ThemeProvider>,
  );
}

const shownNames = async () => within(await screen.findByRole('list', { name: 'Suppliers' })).getAllByRole('button').map((b) => b.textContent);

describe("the buyer's supplier picker", () => {
  it('lists the suppliers by name from the store, and opens offline with those it held', async () => {
    const server = engineOver((url) => ({ status: 200, body: byName(url) }));
    const online = openPicker();
    await waitFor(async () => expect(await shownNames()).toEqual(['Acme Scientific', 'Beta Labs', 'Chem Direct']));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('limit')).toBe('100');
    online.unmount();

    // Offline: the server cannot be reached, and the picker still lists, filters and picks.
    engineOver(() => 'network-error');
    const picked: Supplier[] = [];
    openPicker(picked);
    await waitFor(async () => expect(await shownNames()).toEqual(['Acme Scientific', 'Beta Labs', 'Chem Direct']));
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 'be' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Beta Labs']));
    fireEvent.click(screen.getByRole('button', { name: 'Beta Labs' }));
    expect(picked).toEqual([{ uniqueKey: 'SUPBETA00001', name: 'Beta Labs' }]);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('says the suppliers could not be loaded when it holds none offline, and no results when the server has none', async () => {
    engineOver(() => 'network-error');
    const offline = openPicker();
    await screen.findByText('The suppliers could not be loaded: the server cannot be reached.');
    offline.unmount();

    engineOver(() => ({ status: 200, body: [] }));
    openPicker();
    await screen.findByText(messages.noResults);
    expect(screen.queryByRole('button', { name: 'More suppliers' })).toBeNull();
  });

  it('offers more suppliers after a full page of 100, and asks the server for the next', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ uniqueKey: `SUP${String(i).padStart(9, '0')}`, name: `Supplier ${String(i).padStart(3, '0')}` }));
    const server = engineOver((url) => {
      const offset = Number(url.searchParams.get('offset'));
      return { status: 200, body: many.slice(offset, offset + Number(url.searchParams.get('limit'))) };
    });
    openPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'More suppliers' }));
    const list = screen.getByRole('list', { name: 'Suppliers' });
    // Counted, not read by role: 150 buttons make the accessibility queries slow.
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(150));
    expect(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('offset'))).toEqual(['0', '100']);
    expect(screen.queryByRole('button', { name: 'More suppliers' })).toBeNull();
  });
});
