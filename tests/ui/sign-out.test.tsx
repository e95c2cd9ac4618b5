import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { closeLocalDatabase, databaseNameFor } from '../../src/local/db/current-database';
import { SIGN_OUT_CHANNEL, SIGNED_OUT_MESSAGE } from '../../src/local/session/sign-out-channel';
import './support/setup';
import { fakeApi, type FakeRequest } from './support/fake-api';
import { profileOf, signedIn, supplierPolicy } from './support/fixtures';
import { renderApp } from './support/render-app';

vi.mock('../../src/features/auth/human-check', () => import('./support/human-check-stand-in'));

const USER_DB = databaseNameFor(profileOf(supplierPolicy, '').user.username);
const LOGOUT = 'GET /servlet';
const isLogout = (call: FakeRequest) => call.method === 'GET' && call.url === '/servlet?M=2';
const isSessionQuery = (call: FakeRequest) => call.url.startsWith('/api/session');

const localDatabaseNames = async () => (await indexedDB.databases()).map((d) => d.name);
const signOutOwed = () => localStorage.getItem(STORAGE_KEYS.signOutOwed);

afterEach(async () => {
  closeLocalDatabase();
  await Dexie.delete(USER_DB);
});

async function signOutFromMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
}

describe('sign-out without the server', () => {
  it('still deletes the local data, and remembers that the server session is still to end', async () => {
    const api = fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: 'network-error' });
    const { reloadPage } = renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await localDatabaseNames()).toContain(USER_DB);

    await signOutFromMenu();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(api.calls.some(isLogout)).toBe(true);
    expect(signOutOwed()).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(await localDatabaseNames()).not.toContain(USER_DB);
  });

  it("removes the SSCCs the device held for the supplier's packages, and nothing else of the device", async () => {
    const pool = `${STORAGE_KEYS.ssccPoolPrefix}SUPACMESCI01`;
    localStorage.setItem(pool, JSON.stringify({ ssccs: ['093123450000000017'], refusal: null }));
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: { status: 200, body: {} } });
    const { reloadPage } = renderApp('/app/catalogue');
    await signOutFromMenu();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(localStorage.getItem(pool)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('tells the other tabs only once the logout is sent or owed', async () => {
    fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: 'network-error' });
    const otherTab = new BroadcastChannel(SIGN_OUT_CHANNEL);
    const heard: Array<{ message: unknown; owed: string | null }> = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push({ message: event.data, owed: signOutOwed() });
    try {
      const { reloadPage } = renderApp('/app/catalogue');
      await signOutFromMenu();
      await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
      await waitFor(() => expect(heard).toEqual([{ message: SIGNED_OUT_MESSAGE, owed: 'true' }]));
    } finally {
      otherTab.close();
    }
  });

  it('owes nothing when the server ended the session', async () => {
    fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: { status: 200, body: {} } });
    const { reloadPage } = renderApp('/app/catalogue');
    await signOutFromMenu();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(signOutOwed()).toBeNull();
  });
});

describe('a start while a logout is owed', () => {
  it('sends the logout first and shows the login, never the session the old cookie still opens', async () => {
    localStorage.setItem(STORAGE_KEYS.signOutOwed, 'true');
    // The server would still answer as signed in: the cookie has not been ended yet.
    const api = fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: { status: 200, body: {} } });
    renderApp('/app/catalogue');

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(api.calls.filter(isLogout)).toHaveLength(1);
    expect(api.calls.some(isSessionQuery)).toBe(false);
    expect(signOutOwed()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('keeps owing it while the server cannot be reached, and sends it when the connection is back', async () => {
    localStorage.setItem(STORAGE_KEYS.signOutOwed, 'true');
    const api = fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: 'network-error' });
    renderApp('/app/catalogue');

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(signOutOwed()).toBe('true');
    expect(api.calls.some(isSessionQuery)).toBe(false);

    api.routes[LOGOUT] = { status: 200, body: {} };
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(signOutOwed()).toBeNull());
    expect(api.calls.filter(isLogout)).toHaveLength(2);
    // Still the login: the owed logout never turns into a session.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('signing in sends the owed logout before the login, and the new session owes nothing', async () => {
    localStorage.setItem(STORAGE_KEYS.signOutOwed, 'true');
    let signedInNow = false;
    const api = fakeApi({
      [LOGOUT]: 'network-error',
      'POST /servlet': () => {
        signedInNow = true;
        return { status: 200, body: { orgType: 'SUPPLIER' } };
      },
      'GET /api/session': () => ({ status: 200, body: signedInNow ? { signedIn: true, policy: supplierPolicy, profile: profileOf(supplierPolicy, 'Acme Supplies') } : { signedIn: false } }),
    });
    const user = userEvent.setup();
    renderApp('/app/catalogue');
    await screen.findByRole('heading', { name: 'Sign in' });

    api.routes[LOGOUT] = { status: 200, body: {} };
    await user.type(screen.getByLabelText('Username'), 'jane.doe');
    await user.click(screen.getByRole('button', { name: 'Verify you are human' }));
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    await screen.findByRole('navigation', { name: 'Main navigation' });
    const order = api.calls.filter((c) => c.url.startsWith('/servlet')).map((c) => `${c.method} ${c.url}`);
    expect(order).toEqual(['GET /servlet?M=2', 'GET /servlet?M=2', 'POST /servlet']);
    expect(signOutOwed()).toBeNull();
  });

  it('a sign-in that gets through while the logout did not forgets it: the old cookie was replaced', async () => {
    localStorage.setItem(STORAGE_KEYS.signOutOwed, 'true');
    let signedInNow = false;
    fakeApi({
      [LOGOUT]: { status: 503, body: {} },
      'POST /servlet': () => {
        signedInNow = true;
        return { status: 200, body: { orgType: 'SUPPLIER' } };
      },
      'GET /api/session': () => ({ status: 200, body: signedInNow ? { signedIn: true, policy: supplierPolicy, profile: profileOf(supplierPolicy, 'Acme Supplies') } : { signedIn: false } }),
    });
    const user = userEvent.setup();
    renderApp('/app/catalogue');
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.type(screen.getByLabelText('Username'), 'jane.doe');
    await user.click(screen.getByRole('button', { name: 'Verify you are human' }));
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(signOutOwed()).toBeNull();
  });
});

describe('sign-out in another tab', () => {
  it('closes and deletes this tab’s local data, leaves the shell and reloads, without a logout of its own', async () => {
    const api = fakeApi({ ...signedIn(supplierPolicy), [LOGOUT]: { status: 200, body: {} } });
    const { reloadPage } = renderApp('/app/catalogue');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    sessionStorage.setItem('draft', 'unsaved');
    expect(await localDatabaseNames()).toContain(USER_DB);

    const otherTab = new BroadcastChannel(SIGN_OUT_CHANNEL);
    otherTab.postMessage(SIGNED_OUT_MESSAGE);
    otherTab.close();

    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(await localDatabaseNames()).not.toContain(USER_DB);
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(api.calls.some(isLogout)).toBe(false);
  });
});
