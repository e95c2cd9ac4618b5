import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { LocalDatabase } from '../../src/local/db/local-database';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { buyerPolicy, signedIn, supplierPolicy, supportPolicy } from './support/fixtures';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore, orderRow } from './support/orders-store';
import { renderApp } from './support/render-app';
import { orderLineRow } from '../sync/helpers/order-rows';

let db: LocalDatabase;

beforeEach(() => {
  db = openTestStore();
  giveElementsASize();
});

afterEach(async () => {
  await closeTestStore(db);
});

async function columnNames() {
  const table = await screen.findByRole('table', { name: 'Orders' });
  return within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
}

describe('order list', () => {
  it('shows a supplier the Customer column, with unread orders in bold', async () => {
    await db.orders.bulkPut([orderRow('seller:seller-1', 1, { read: false }), orderRow('seller:seller-1', 2)]);
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders');

    expect(await columnNames()).toEqual(['Order Date', 'Order Total', 'Raised By User', 'Customer', 'State']);
    const unread = await screen.findByRole('link', { name: /order PO-1, unread/ });
    const unreadRow = unread.closest('[role="row"]') as HTMLElement;
    expect(getComputedStyle(unreadRow).fontWeight).toBe('700');
    expect(within(unreadRow).getByText('Westmere University')).toBeTruthy();
    expect(within(unreadRow).getByText('1,234.50 AUD')).toBeTruthy();
    const readRow = screen.getByRole('link', { name: /order PO-2$/ }).closest('[role="row"]') as HTMLElement;
    expect(getComputedStyle(readRow).fontWeight).toBe('400');
  });

  it('shows a buyer the Supplier column with the supplier names', async () => {
    await db.orders.put(orderRow('buyer:buyer-1', 7));
    fakeEngine();
    fakeApi(signedIn(buyerPolicy));
    renderApp('/app/orders');

    expect(await columnNames()).toEqual(['Order Date', 'Order Total', 'Raised By User', 'Supplier', 'State']);
    const row = (await screen.findByRole('link', { name: /order PO-7/ })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Acme Scientific')).toBeTruthy();
  });

  it("says 'No results' when there are no orders", async () => {
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders');
    expect(await screen.findByText(messages.noResults)).toBeTruthy();
  });

  it('says it is loading while the first page is being mirrored', async () => {
    fakeEngine({ orderPage: () => new Promise(() => undefined) });
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders');
    expect(await screen.findByText('Loading orders…')).toBeTruthy();
    expect(screen.queryByText(messages.noResults)).toBeNull();
  });

  it('asks a support user without an assumed role to assume one', async () => {
    fakeEngine();
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/orders');
    expect(await screen.findByText(messages.assumeRoleForOrders)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Orders' })).toBeNull();
  });

  it('filters the held orders at once and asks the server after the search delay', async () => {
    await db.orders.bulkPut([orderRow('seller:seller-1', 1), orderRow('seller:seller-1', 22)]);
    const engine = fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders');
    await screen.findByRole('link', { name: /order PO-22/ });

    await userEvent.type(screen.getByLabelText('PO#'), 'PO-22');
    expect(screen.queryByRole('link', { name: /order PO-1$/ })).toBeNull();
    expect(screen.getByRole('link', { name: /order PO-22/ })).toBeTruthy();
    await waitFor(() => expect(engine.orderPage).toHaveBeenCalledWith('seller:seller-1', 0, 'po-22'), {
      timeout: SEARCH_DELAY_MS * 4,
    });
  });

  it('opens an order from its row with the keyboard', async () => {
    await db.orders.put(orderRow('seller:seller-1', 3));
    fakeEngine();
    fakeApi(signedIn(supplierPolicy));
    const { router } = renderApp('/app/orders');
    const link = await screen.findByRole('link', { name: /order PO-3/ });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders/seller-1/order/3'));
  });

  it('opening an order known only from the list waits for its lines before showing it', async () => {
    // As the list page holds it: no addresses, no lines.
    const { shipTo: _shipTo, billTo: _billTo, contact: _contact, ...listRow } = orderRow('seller:seller-1', 4);
    await db.orders.put(listRow);
    let answer: (value: { found: boolean }) => void = () => undefined;
    const asked = vi.fn();
    fakeEngine({
      order: () => {
        asked();
        return new Promise((resolve) => (answer = resolve));
      },
    });
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/4');

    await waitFor(() => expect(asked).toHaveBeenCalled());
    // The held row is read meanwhile, and still no order without its lines shows.
    await expect(screen.findByRole('heading', { name: 'Order PO-4' }, { timeout: 500 })).rejects.toThrow();
    expect(screen.getByText('Loading order…')).toBeTruthy();
    await db.orders.put(orderRow('seller:seller-1', 4));
    await db.orderLines.put(orderLineRow('seller:seller-1', 4, 1, { quantity: 2 }));
    answer({ found: true });
    expect(await screen.findByRole('heading', { name: 'Order PO-4' })).toBeTruthy();
  });

  it('offline, shows what the list holds of an order rather than nothing', async () => {
    const { shipTo: _shipTo, billTo: _billTo, contact: _contact, ...listRow } = orderRow('seller:seller-1', 5);
    await db.orders.put(listRow);
    fakeEngine({ order: () => Promise.reject(new Error('offline')) });
    fakeApi(signedIn(supplierPolicy));
    renderApp('/app/orders/seller-1/order/5');
    expect(await screen.findByRole('heading', { name: 'Order PO-5' })).toBeTruthy();
  });
});
