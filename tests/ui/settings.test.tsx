import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { fieldErrors, messages } from '../../src/domain/messages';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { signedIn, supportPolicy } from './support/fixtures';
import { renderApp } from './support/render-app';

const changePasswordPath = `PUT /api/org/${supportPolicy.orgId}/user/actions/changePassword`;

async function openSettings(user: UserEvent) {
  renderApp('/app/catalogue');
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

async function fillPasswords(user: UserEvent, drawer: HTMLElement, old: string, next: string, repeat: string) {
  await user.type(within(drawer).getByLabelText('Old password'), old);
  await user.type(within(drawer).getByLabelText('New password'), next);
  await user.type(within(drawer).getByLabelText('Repeat password'), repeat);
  await user.click(within(drawer).getByRole('button', { name: 'Save' }));
}

describe('settings drawer', () => {
  it('opens on the Change Password tab beside the Theme tab', async () => {
    fakeApi(signedIn(supportPolicy));
    const drawer = await openSettings(userEvent.setup());
    const tabs = within(drawer).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Change Password', 'Theme']);
    expect(within(drawer).getByRole('tab', { name: 'Change Password' }).getAttribute('aria-selected')).toBe('true');
  });

  it('checks the password rules at their fields before calling the server', async () => {
    const api = fakeApi(signedIn(supportPolicy));
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await within(drawer).findByText(fieldErrors.required('Old password'));
    expect(within(drawer).getByText(fieldErrors.required('New password'))).toBeTruthy();
    expect(within(drawer).getByText(fieldErrors.required('Repeat password'))).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('changes the password of the own organisation and confirms it', async () => {
    const api = fakeApi({ ...signedIn(supportPolicy), [changePasswordPath]: { status: 200, body: {} } });
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await fillPasswords(user, drawer, 'old-secret', 'blue-kettle-41', 'blue-kettle-41');

    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordUpdated);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'blue-kettle-41',
    });
    expect(within(drawer).getByLabelText('Old password')).toHaveProperty('value', '');
  });

  it('shows a refused change as an error toast with the server errors', async () => {
    fakeApi({
      ...signedIn(supportPolicy),
      [changePasswordPath]: { status: 400, body: { errors: [fieldErrors.oldPasswordWrong] } },
    });
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await fillPasswords(user, drawer, 'wrong', 'blue-kettle-41', 'blue-kettle-41');
    expect((await screen.findByRole('alert')).textContent).toBe(fieldErrors.oldPasswordWrong);
  });

  it('after a refused change and then a good one, shows only the last outcome', async () => {
    let calls = 0;
    fakeApi({
      ...signedIn(supportPolicy),
      [changePasswordPath]: () => (++calls === 1 ? { status: 400, body: { errors: [fieldErrors.oldPasswordWrong] } } : { status: 200, body: {} }),
    });
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await fillPasswords(user, drawer, 'wrong', 'blue-kettle-41', 'blue-kettle-41');
    expect((await screen.findByRole('alert')).textContent).toBe(fieldErrors.oldPasswordWrong);
    // Refused, the form keeps what was typed: the user corrects the old password only.
    expect(within(drawer).getByLabelText('New password')).toHaveProperty('value', 'blue-kettle-41');
    await user.clear(within(drawer).getByLabelText('Old password'));
    await user.type(within(drawer).getByLabelText('Old password'), 'old-secret');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordUpdated);
    await waitFor(() => expect(screen.queryByText(fieldErrors.oldPasswordWrong)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('saves the theme in local storage as it changes', async () => {
    fakeApi(signedIn(supportPolicy));
    const user = userEvent.setup();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('tab', { name: 'Theme' }));
    const dark = within(drawer).getByRole('switch', { name: 'Dark mode' });
    expect(dark.getAttribute('aria-checked')).toBe('false');
    await user.click(dark);

    await waitFor(() => expect(dark.getAttribute('aria-checked')).toBe('true'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '{}')).toEqual({
      primary: '#10364C',
      secondary: '#B6534E',
      type: 'dark',
    });
    await user.click(within(drawer).getByRole('button', { name: 'Reset to defaults' }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });
});
