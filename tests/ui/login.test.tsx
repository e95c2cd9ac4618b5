import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { profileOf, signedOut, supplierPolicy } from './support/fixtures';
import { renderApp } from './support/render-app';

vi.mock('../../src/features/auth/human-check', () => import('./support/human-check-stand-in'));

async function openLogin() {
  renderApp('/app/catalogue');
  return screen.findByRole('button', { name: 'Login' });
}

describe('login', () => {
  it('enables Login only with a username, a password and a solved human check', async () => {
    fakeApi(signedOut);
    const user = userEvent.setup();
    const login = await openLogin();
    expect(login).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Username'), 'jane.doe');
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(login).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Verify you are human' }));
    expect(login).toHaveProperty('disabled', false);

    await user.clear(screen.getByLabelText('Password'));
    expect(login).toHaveProperty('disabled', true);
  });

  it('enables Forgot Password once a username is entered', async () => {
    fakeApi(signedOut);
    const user = userEvent.setup();
    await openLogin();
    const forgot = screen.getByRole('button', { name: 'Forgot Password' });
    expect(forgot).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Username'), 'j');
    expect(forgot).toHaveProperty('disabled', false);
  });

  it('submits on Enter and opens the shell for the signed-in user', async () => {
    let signedIn = false;
    const api = fakeApi({
      'POST /servlet': () => {
        signedIn = true;
        return { status: 200, body: { orgType: 'SUPPLIER' } };
      },
      'GET /api/session': () => ({ status: 200, body: signedIn ? { signedIn: true, policy: supplierPolicy, profile: profileOf(supplierPolicy, 'Acme Supplies') } : { signedIn: false } }),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText('Username'), 'jane.doe');
    await user.click(screen.getByRole('button', { name: 'Verify you are human' }));
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    await screen.findByRole('navigation', { name: 'Main navigation' });
    const sent = api.calls.find((call) => call.method === 'POST' && call.url === '/servlet');
    const form = sent?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      M: '1',
      username: 'jane.doe',
      password: 'secret',
      captcha: 'solved-captcha',
    });
    expect(screen.getByTestId('user-name').textContent).toBe('Jane Doe');
  });

  it.each([
    [401, messages.loginUnauthorized],
    [500, messages.somethingWentWrong],
    [429, messages.somethingWentWrong],
  ])('shows the message for a %i answer and asks for a fresh human check', async (status, text) => {
    fakeApi({ ...signedOut, 'POST /servlet': { status, body: { errors: ['nope'] } } });
    const user = userEvent.setup();
    const login = await openLogin();
    await user.type(screen.getByLabelText('Username'), 'jane.doe');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Verify you are human' }));
    await user.click(login);

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await waitFor(() => expect(login).toHaveProperty('disabled', true));
  });
});
