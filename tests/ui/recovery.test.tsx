import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrors, messages } from '../../src/domain/messages';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { signedOut } from './support/fixtures';
import { renderApp } from './support/render-app';

vi.mock('../../src/features/auth/human-check', () => import('./support/human-check-stand-in'));

async function openRecovery(user: UserEvent) {
  renderApp('/app/catalogue');
  await user.type(await screen.findByLabelText('Username'), 'jane.doe');
  await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
  await screen.findByRole('heading', { name: 'Password recovery' });
}

async function openStepTwo(user: UserEvent) {
  await openRecovery(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByLabelText('Verification code');
}

const codeSent = { 'POST /api/login/actions/sendRecoveryCode': { status: 200, body: {} } };

describe('password recovery', () => {
  it('carries the username into step 1 and needs one to submit', async () => {
    fakeApi({ ...signedOut, ...codeSent });
    const user = userEvent.setup();
    await openRecovery(user);
    const username = screen.getByLabelText('Username');
    expect(username).toHaveProperty('value', 'jane.doe');
    await user.clear(username);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it('sends the code, says so, and moves to step 2', async () => {
    const api = fakeApi({ ...signedOut, ...codeSent });
    const user = userEvent.setup();
    await openStepTwo(user);
    expect(screen.getByRole('status').textContent).toBe(messages.recoveryCodeSent);
    expect(api.calls.find((c) => c.url === '/api/login/actions/sendRecoveryCode')?.body).toEqual({
      username: 'jane.doe',
    });
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Repeat password')).toBeTruthy();
  });

  it.each([
    [400, { errors: ['Unknown user', 'try again'] }, 'Unknown user, try again'],
    [503, {}, messages.somethingWentWrong],
  ])('shows a failed request (%i) in red and stays on step 1', async (status, body, text) => {
    fakeApi({ ...signedOut, 'POST /api/login/actions/sendRecoveryCode': { status, body } });
    const user = userEvent.setup();
    await openRecovery(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('rates the new password on the strength bar', async () => {
    fakeApi({ ...signedOut, ...codeSent });
    const user = userEvent.setup();
    await openStepTwo(user);
    const password = screen.getByLabelText('New password');
    const meter = screen.getByRole('meter', { name: 'Password strength' });

    for (const [typed, label] of [
      ['password', 'Weak'],
      ['plumvelvet', 'Fair'],
      ['mango-tree', 'Good'],
      ['blue-kettle-41', 'Strong'],
    ] as const) {
      await user.clear(password);
      await user.type(password, typed);
      await waitFor(() => expect(meter.getAttribute('aria-valuetext')).toBe(label));
      expect(meter.textContent).toBe(label);
    }
  });

  it('needs a code and shows the password rules at their fields', async () => {
    const api = fakeApi({ ...signedOut, ...codeSent });
    const user = userEvent.setup();
    await openStepTwo(user);
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('Repeat password'), 'passwort');
    await user.click(reset);

    const newPassword = screen.getByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat password');
    await waitFor(() => expect(newPassword.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(fieldErrors.passwordTooWeak)).toBeTruthy();
    expect(screen.getByText(fieldErrors.passwordsDiffer)).toBeTruthy();
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.url === '/api/login/actions/resetPassword')).toBe(false);
  });

  it('resets the password, says so and clears the form', async () => {
    const api = fakeApi({ ...signedOut, ...codeSent, 'POST /api/login/actions/resetPassword': { status: 200, body: {} } });
    const user = userEvent.setup();
    await openStepTwo(user);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'blue-kettle-41');
    await user.type(screen.getByLabelText('Repeat password'), 'blue-kettle-41');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.passwordReset));
    expect(api.calls.find((c) => c.url === '/api/login/actions/resetPassword')?.body).toEqual({
      username: 'jane.doe',
      verificationCode: '123456',
      newPassword: 'blue-kettle-41',
    });
    for (const label of ['Verification code', 'New password', 'Repeat password']) {
      expect(screen.getByLabelText(label)).toHaveProperty('value', '');
    }
  });

  it('shows the server errors of a refused reset', async () => {
    fakeApi({
      ...signedOut,
      ...codeSent,
      'POST /api/login/actions/resetPassword': { status: 400, body: { errors: [fieldErrors.recoveryCodeInvalid] } },
    });
    const user = userEvent.setup();
    await openStepTwo(user);
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'blue-kettle-41');
    await user.type(screen.getByLabelText('Repeat password'), 'blue-kettle-41');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect((await screen.findByRole('alert')).textContent).toBe(fieldErrors.recoveryCodeInvalid);
  });

  it('returns to the login with the Login button', async () => {
    fakeApi({ ...signedOut, ...codeSent });
    const user = userEvent.setup();
    await openStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeTruthy();
  });
});
