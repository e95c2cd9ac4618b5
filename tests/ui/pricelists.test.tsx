import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, messages } from '../../src/domain/messages';
import { catalogueErrors } from '../../src/domain/rules/catalogue';
import type { LocalDatabase } from '../../src/local/db/local-database';
import { asSyncDb } from '../../src/local/db/local-database';
import type { OutboxEntry } from '../../src/sync/outbox-entry';
import { markFailed } from '../../src/sync/settle';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { policyOf, signedIn, supplierPolicy, supportPolicy } from './support/fixtures';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore } from './support/orders-store';
import { renderApp } from './support/render-app';

const SCOPE = 'seller:seller-1';
/** The screen's first render loads its modules, which takes a while on a busy machine. */
const FIRST_RENDER = { timeout: 15_000 };
let db: LocalDatabase;

function pricelistEngine() {
  return fakeEngine({
    pricelistPage: vi.fn(async () => ({ count: 0, next: null })),
    pricePage: vi.fn(async () => ({ count: 0, next: null })),
    counterparts: vi.fn(async () => 0),
    pricelistBuyers: vi.fn(async () => undefined),
  });
}

/** jsdom has no ResizeObserver; the split view's panels only need it to exist. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(async () => {
  vi.stubGlobal('ResizeObserver', globalThis.ResizeObserver ?? NoResizeObserver);
  db = openTestStore();
  giveElementsASize();
  await db.pricelists.bulkPut([
    { scope: SCOPE, key: '1', rev: 1, pricelistId: 1, name: 'Teaching labs', buyerIds: ['UNI-A'] },
    { scope: SCOPE, key: '2', rev: 1, pricelistId: 2, name: 'Research' },
  ]);
  await db.accounts.bulkPut([
    { scope: 'org:seller-1', key: 'UNI-A', rev: 0, uniqueKey: 'UNI-A', name: 'Westmere University', type: 2 },
    { scope: 'org:seller-1', key: 'UNI-B', rev: 0, uniqueKey: 'UNI-B', name: 'Northgate University', type: 2 },
  ]);
  await db.prices.put({
    scope: SCOPE,
    key: '1/P-100',
    rev: 0,
    pricelistId: '1',
    productCode: 'P-100',
    prices: [{ uom: 'EA', startDate: '2026-01-01', lowerQuantity: 1, upperQuantity: 10, price: 12.5 }],
  });
});
afterEach(async () => {
  await closeTestStore(db);
  vi.unstubAllGlobals();
});

/** The one change waiting in the outbox. */
async function onlyPending() {
  let pending: OutboxEntry[] = [];
  await waitFor(async () => {
    pending = (await db.outbox.toArray()).filter((e) => e.state === 'pending');
    expect(pending).toHaveLength(1);
  });
  return pending[0]!;
}

describe('pricelists', () => {
  it('lists the pricelists and shows the prices of the one picked with two decimals', async () => {
    fakeApi(signedIn(supplierPolicy));
    const engine = pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    const list = await screen.findByRole('table', { name: 'Pricelists' }, FIRST_RENDER);
    expect(engine.pricelistPage).toHaveBeenCalledWith(SCOPE, null);
    await user.click(await within(list).findByText('Teaching labs', {}, { timeout: 5000 }));
    const prices = await screen.findByRole('table', { name: 'Prices' }, { timeout: 5000 });
    const row = (await within(prices).findByText('P-100', {}, { timeout: 5000 })).closest('[role="row"]')!;
    expect(row.textContent).toContain('12.50');
    expect(engine.pricePage).toHaveBeenCalledWith(SCOPE, '1', null);
    expect(screen.getByRole('button', { name: 'Request Upload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Map Universities' })).toBeTruthy();
  });

  it('shows a REGULAR user the pricelists and their prices without Add, rename, upload or mapping', async () => {
    fakeApi(signedIn(policyOf('SUPPLIER', { userType: 'REGULAR' })));
    pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    const list = await screen.findByRole('table', { name: 'Pricelists' }, FIRST_RENDER);
    expect(screen.getByText('Choose a pricelist to see its prices.')).toBeTruthy();
    await user.click(await within(list).findByText('Teaching labs', {}, { timeout: 5000 }));
    const prices = await screen.findByRole('table', { name: 'Prices' }, { timeout: 5000 });
    expect((await within(prices).findByText('P-100', {}, { timeout: 5000 })).closest('[role="row"]')!.textContent).toContain('12.50');
    expect(screen.getByRole('heading', { name: 'Teaching labs' })).toBeTruthy();
    for (const name of ['Add pricelist', 'Request Upload', 'Map Universities', 'Save']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('adds a pricelist by a required name, shown at once', async () => {
    fakeApi(signedIn(supplierPolicy));
    pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByRole('button', { name: 'Add pricelist' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(catalogueErrors.pricelistNameRequired)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    // The split view's panes have no size in jsdom, so the name is set as a change event.
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Clinical' } });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const list = screen.getByRole('table', { name: 'Pricelists' });
    expect(await within(list).findByText('Clinical', {}, { timeout: 5000 })).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'pricelist.add', method: 'POST', path: '/api/seller/seller-1/pricelist', body: { name: 'Clinical' } });
  });

  it('renames a pricelist and shows a refusal at the name', async () => {
    fakeApi(signedIn(supplierPolicy));
    pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByText('Research', {}, FIRST_RENDER));
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Research 2027' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting to be sent', {}, { timeout: 5000 })).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'pricelist.edit', method: 'PUT', path: '/api/seller/seller-1/pricelist/2' });
    await markFailed(asSyncDb(db), entry!.id, [catalogueErrors.pricelistNameRequired]);
    expect(await screen.findByText(catalogueErrors.pricelistNameRequired, {}, { timeout: 5000 })).toBeTruthy();
    // Refused while the form is open: the typed name stays, no toast, nothing left for 'Changes not sent'.
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Research 2027');
    expect(screen.queryByText(messages.pricelistModified)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('adds a pricelist the server refuses: the error at the name, the name kept, nothing left to send', async () => {
    fakeApi(signedIn(supplierPolicy));
    pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByRole('button', { name: 'Add pricelist' }, FIRST_RENDER));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Research' } });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const entry = await onlyPending();
    expect(entry.kind).toBe('pricelist.add');
    await markFailed(asSyncDb(db), entry.id, ['Pricelist name Research is already used']);
    expect(await screen.findByText('Pricelist name Research is already used', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Research');
    expect(screen.queryByText(messages.pricelistNameSaved)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('loads the next page of prices when the last row is visible, with no button', async () => {
    fakeApi(signedIn(supplierPolicy));
    const mirrorPricePage = vi.fn(async (_scope: string, _pricelistId: string, cursor: string | null) => ({ count: 1, next: cursor === null ? 'after-P-100' : null }));
    const engine = fakeEngine({
      pricelistPage: vi.fn(async () => ({ count: 0, next: null })),
      pricePage: mirrorPricePage,
      counterparts: vi.fn(async () => 0),
    });
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByText('Teaching labs', {}, FIRST_RENDER));
    await within(await screen.findByRole('table', { name: 'Prices' }, { timeout: 5000 })).findByText('P-100', {}, { timeout: 5000 });
    await waitFor(() => expect(engine.pricePage).toHaveBeenCalledWith(SCOPE, '1', 'after-P-100'), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'More prices' })).toBeNull();
  });

  it('maps universities from what this device holds, shown at once; refused while the drawer is open, the errors are shown there with the ticks kept', async () => {
    fakeApi(signedIn(supplierPolicy));
    const engine = pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByText('Teaching labs', {}, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Map Universities' }));
    const drawer = await screen.findByRole('dialog', { name: 'Map Universities' });
    const westmere = await within(drawer).findByRole('checkbox', { name: 'Westmere University' }, { timeout: 5000 });
    expect((westmere as HTMLInputElement).checked).toBe(true);
    expect((within(drawer).getByRole('checkbox', { name: 'Northgate University' }) as HTMLInputElement).checked).toBe(false);
    // The row holds the mapping: nothing is asked of the server.
    expect(engine.pricelistBuyers).not.toHaveBeenCalled();

    await user.click(within(drawer).getByRole('checkbox', { name: 'Northgate University' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    // Online, the drawer waits for the server's answer.
    expect(await within(drawer).findByText('Saving…')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'pricelist.mapping', method: 'PUT', path: '/api/seller/seller-1/pricelist/1/buyers', body: { buyerIds: ['UNI-A', 'UNI-B'] } });
    expect((await db.pricelists.get([SCOPE, '1']))?.buyerIds).toEqual(['UNI-A', 'UNI-B']);

    await markFailed(asSyncDb(db), entry!.id, [catalogueErrors.buyersMustBeUniversities(['UNI-B'])]);
    expect((await within(drawer).findByRole('alert', { name: 'Mapping refused' })).textContent).toContain(catalogueErrors.buyersMustBeUniversities(['UNI-B']));
    expect((within(drawer).getByRole('checkbox', { name: 'Northgate University' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect((await db.pricelists.get([SCOPE, '1']))?.buyerIds).toEqual(['UNI-A']);
    expect(screen.queryByText(formatMessage.pricelistMapped('Teaching labs', 2))).toBeNull();
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();

    // Corrected and saved again, and this time the server took it (the drain removes the entry): the spec's toast.
    await user.click(within(drawer).getByRole('checkbox', { name: 'Northgate University' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Westmere University' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const second = await onlyPending();
    expect(second.body).toEqual({ buyerIds: [] });
    await db.outbox.delete(second.id);
    expect(await screen.findByText(formatMessage.pricelistMapped('Teaching labs', 0), {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Map Universities' })).toBeNull());
  });

  it('offline, a mapping waits on this device and the drawer closes; a later refusal is shown at the pricelist and in the drawer', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeApi(signedIn(supplierPolicy));
    pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByText('Teaching labs', {}, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Map Universities' }));
    const drawer = await screen.findByRole('dialog', { name: 'Map Universities' });
    await user.click(await within(drawer).findByRole('checkbox', { name: 'Northgate University' }, { timeout: 5000 }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Map Universities' })).toBeNull());
    expect(await screen.findByText('Mapping waiting to be sent')).toBeTruthy();
    const entry = await onlyPending();

    await markFailed(asSyncDb(db), entry.id, [catalogueErrors.buyersMustBeUniversities(['UNI-B'])]);
    expect(await screen.findByText('The mapping was refused: open Map Universities to see why.', {}, { timeout: 5000 })).toBeTruthy();
    expect((await db.pricelists.get([SCOPE, '1']))?.buyerIds).toEqual(['UNI-A']);
    await user.click(screen.getByRole('button', { name: 'Map Universities' }));
    const again = await screen.findByRole('dialog', { name: 'Map Universities' });
    expect(within(again).getByRole('alert', { name: 'Mapping refused' }).textContent).toContain(catalogueErrors.buyersMustBeUniversities(['UNI-B']));
    expect((within(again).getByRole('checkbox', { name: 'Northgate University' }) as HTMLInputElement).checked).toBe(false);
    vi.restoreAllMocks();
  });

  it('reads the mapping of a pricelist this device has not held it for', async () => {
    fakeApi(signedIn(supplierPolicy));
    const engine = pricelistEngine();
    const user = userEvent.setup();
    renderApp('/app/pricelists');
    await user.click(await screen.findByText('Research', {}, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Map Universities' }));
    await waitFor(() => expect(engine.pricelistBuyers).toHaveBeenCalledWith(SCOPE, '2'), { timeout: 5000 });
    const drawer = await screen.findByRole('dialog', { name: 'Map Universities' });
    expect(within(drawer).getByRole('status').textContent).toBe('Loading…');
    await db.pricelists.update([SCOPE, '2'], { buyerIds: ['UNI-B'] });
    expect((await within(drawer).findByRole('checkbox', { name: 'Northgate University' }, { timeout: 5000 }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks support to assume a supplier first', async () => {
    fakeApi(signedIn(supportPolicy));
    pricelistEngine();
    renderApp('/app/pricelists');
    expect(await screen.findByText('Please, assume the role of a seller to see its pricelists.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
