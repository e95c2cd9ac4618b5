import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { INSTALL_MANIFESTS } from '../../src/domain/install-manifests';
import { messages } from '../../src/domain/messages';
import { receivingMessages } from '../../src/domain/receiving-messages';
import type { RenderFor } from '../../src/domain/roles';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { buyerPolicy, signedIn, supplierPolicy, supportPolicy } from './support/fixtures';
import { renderApp } from './support/render-app';

const assumedBuyer: RenderFor = { orgType: 'UNIVERSITY', orgId: 'buyer-9', companyName: 'Northern University' };

async function menuItems() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('shell', () => {
  it.each([
    ['support', supportPolicy, null, ['Catalogue', 'Pricelists', 'Orders', 'Invoices', 'Accounts', 'Preferences']],
    ['supplier', supplierPolicy, null, ['Catalogue', 'Pricelists', 'Orders', 'Preferences']],
    // Receive (the dock's screen) under Orders, for who may receive deliveries: buyers and support acting as one.
    ['buyer', buyerPolicy, null, ['Catalogue', 'Orders', 'Receive', 'Invoices', 'Preferences']],
    ['support assuming a buyer', supportPolicy, assumedBuyer, ['Catalogue', 'Orders', 'Receive', 'Invoices', 'Accounts', 'Preferences']],
  ] as const)('shows the menu items of a %s', async (_who, policy, renderFor, expected) => {
    if (renderFor) localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(renderFor));
    fakeApi(signedIn(policy));
    renderApp('/app/catalogue');
    expect(await menuItems()).toEqual(expected);
  });

  it.each([
    ['supplier', supplierPolicy, null, INSTALL_MANIFESTS.everyone],
    ['buyer', buyerPolicy, null, INSTALL_MANIFESTS.withInvoices],
    ['support assuming a buyer', supportPolicy, assumedBuyer, INSTALL_MANIFESTS.withInvoices],
  ] as const)("offers the install shortcut 'Invoices' only to a viewer who may open invoices: a %s", async (_who, policy, renderFor, linked) => {
    const link = document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'manifest', href: INSTALL_MANIFESTS.everyone }));
    try {
      if (renderFor) localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(renderFor));
      fakeApi(signedIn(policy));
      const { unmount } = renderApp('/app/catalogue');
      await menuItems();
      expect(link.getAttribute('href')).toBe(linked);
      // Signed out (the shell gone), the page links the everyone's manifest again.
      unmount();
      expect(link.getAttribute('href')).toBe(INSTALL_MANIFESTS.everyone);
    } finally {
      link.remove();
    }
  });

  it('ignores an assumed organisation stored for a user who is not support', async () => {
    localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(assumedBuyer));
    fakeApi(signedIn(supplierPolicy, 'Acme Supplies'));
    renderApp('/app/catalogue');
    expect(await menuItems()).toEqual(['Catalogue', 'Pricelists', 'Orders', 'Preferences']);
    expect(screen.getByTestId('company-name').textContent).toBe('Acme Supplies');
  });

  it('names the user and the company being viewed, and marks the current page', async () => {
    localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(assumedBuyer));
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/orders/buyer-9/order/42');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByTestId('user-name').textContent).toBe('Jane Doe');
    expect(screen.getByTestId('company-name').textContent).toBe('Northern University');
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Catalogue' }).getAttribute('aria-current')).toBeNull();
  });

  it('lists Receive inside Orders, opens the Receive screen from it and marks it, not Orders, as the current page', async () => {
    fakeApi(signedIn(buyerPolicy));
    const user = userEvent.setup();
    renderApp('/app/orders');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const orders = within(nav).getByRole('link', { name: 'Orders' });
    const receive = within(nav).getByRole('link', { name: receivingMessages.receive });
    // A list of its own inside the Orders item: read out as part of Orders.
    expect(orders.closest('li')!.contains(receive)).toBe(true);
    expect(receive.getAttribute('href')).toBe('/app/orders/receive');
    expect(orders.getAttribute('aria-current')).toBe('page');
    expect(receive.getAttribute('aria-current')).toBeNull();

    await user.click(receive);
    await screen.findByRole('heading', { name: receivingMessages.title, level: 1 });
    await waitFor(() => expect(receive.getAttribute('aria-current')).toBe('page'));
    expect(orders.getAttribute('aria-current')).toBeNull();
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);

    // Back to an order's screen: Orders is current again.
    await user.click(orders);
    await waitFor(() => expect(orders.getAttribute('aria-current')).toBe('page'));
    expect(receive.getAttribute('aria-current')).toBeNull();
  });

  it('asks a support user without an assumed role to assume one on the orders screen', async () => {
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/orders');
    await screen.findByRole('heading', { name: 'Orders' });
    expect(screen.getByText(messages.assumeRoleForOrders)).toBeTruthy();
  });

  it('tells a viewer when a route is not available for their role', async () => {
    fakeApi(signedIn(buyerPolicy, 'Northern University'));
    renderApp('/app/pricelists');
    expect((await screen.findByRole('alert')).textContent).toBe('This page is not available for your role.');
    expect(screen.queryByRole('heading', { name: 'Pricelists' })).toBeNull();
  });

  it('stops assuming from the account menu, confirms it and switches the menu back', async () => {
    localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(assumedBuyer));
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    const user = userEvent.setup();
    renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });

    const menuButton = screen.getByRole('button', { name: 'Account menu' });
    // Its visible text must not differ from its name (WCAG 2.5.3): the initials are drawn by CSS, not written.
    expect(menuButton.textContent).toBe('');
    expect(menuButton.querySelector('[data-initials]')?.getAttribute('data-initials')).toMatch(/^[A-Z]{2}$/);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'Stop assuming' }));

    // The top bar's sync status is a status region too: look for the snackbar by its text.
    expect((await screen.findByText(messages.identityReleased)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText(messages.identityAssumed)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.renderFor)).toBeNull();
    expect(screen.getByTestId('company-name').textContent).toBe('Portal Support');
    expect(await menuItems()).toContain('Pricelists');
  });

  it('signs out through the servlet, forgets the assumed organisation and reloads', async () => {
    localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify(assumedBuyer));
    const api = fakeApi({ ...signedIn(supportPolicy), 'GET /servlet': { status: 200, body: {} } });
    const user = userEvent.setup();
    const { reloadPage } = renderApp('/app/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(api.calls.some((c) => c.url === '/servlet?M=2' && c.method === 'GET')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.renderFor)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('collapses the side menu and keeps the items named', async () => {
    fakeApi(signedIn(supplierPolicy));
    const user = userEvent.setup();
    renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
  });
});

describe('session start', () => {
  it('opens the shell from the saved session when the server cannot be reached', async () => {
    fakeApi(signedIn(supplierPolicy, 'Acme Supplies'));
    const online = renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    online.unmount();

    fakeApi({ 'GET /api/session': 'network-error' });
    renderApp('/app/orders');
    await screen.findByRole('heading', { name: 'Orders' });
    expect(screen.getByTestId('user-name').textContent).toBe('Jane Doe');
    expect(screen.getByTestId('company-name').textContent).toBe('Acme Supplies');
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it('shows the login, not the saved session, when the server says signed out', async () => {
    fakeApi(signedIn(supplierPolicy));
    const online = renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    online.unmount();

    fakeApi({ 'GET /api/session': { status: 401, body: {} } });
    renderApp('/app/catalogue');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('shows the login offline when nothing was saved', async () => {
    fakeApi({ 'GET /api/session': 'network-error' });
    renderApp('/app/catalogue');
    await screen.findByRole('heading', { name: 'Sign in' });
  });
});
