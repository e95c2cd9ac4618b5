import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import type { Policy } from '../../src/domain/schemas/session';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { profileOf, supplierPolicy } from './support/fixtures';
import { renderApp } from './support/render-app';

const pending: Policy = { ...supplierPolicy, state: 'TERMS_OF_USE' };

describe('terms of use', () => {
  it('shows only the terms until accepted, with Save enabled only when ticked', async () => {
    let accepted = false;
    const api = fakeApi({
      'GET /api/session': () => ({ status: 200, body: { signedIn: true, policy: accepted ? supplierPolicy : pending, profile: profileOf(accepted ? supplierPolicy : pending, 'Acme Supplies') } }),
      'GET /api/policy/terms-of-use': { status: 200, text: 'First paragraph of the terms.\n\nSecond paragraph.' },
      'PUT /api/policy/actions/acceptTermsOfUse': () => {
        accepted = true;
        return { status: 200, body: supplierPolicy };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/app/orders');

    const save = await screen.findByRole('button', { name: 'Save' });
    expect(router.state.location.pathname).toBe('/app/termsOfUse');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(save).toHaveProperty('disabled', true);
    // The terms themselves, paragraph by paragraph, in a box the keyboard can scroll.
    const text = screen.getByRole('region', { name: 'Terms of Use text' });
    expect(await within(text).findByText('First paragraph of the terms.')).toBeTruthy();
    expect(within(text).getByText('Second paragraph.')).toBeTruthy();
    expect(text.tabIndex).toBe(0);

    const box = screen.getByRole('checkbox', { name: messages.termsCheckbox });
    await user.click(box);
    expect(save).toHaveProperty('disabled', false);
    await user.click(box);
    expect(save).toHaveProperty('disabled', true);

    await user.click(box);
    await user.click(save);
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual(pending);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/catalogue'));
  });

  it('cannot be accepted unread: while the text cannot be loaded the box stays disabled, and Try again loads it', async () => {
    let fail = true;
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, policy: pending, profile: profileOf(pending, 'Acme Supplies') } },
      'GET /api/policy/terms-of-use': () => (fail ? { status: 503, body: { errors: ['down'] } } : { status: 200, text: 'The terms.' }),
    });
    const user = userEvent.setup();
    renderApp('/app/termsOfUse');
    expect(await screen.findByText('The Terms of Use could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: messages.termsCheckbox })).toHaveProperty('disabled', true);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The terms.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: messages.termsCheckbox })).toHaveProperty('disabled', false);
  });

  it('keeps an accepted user away from the terms page', async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, policy: supplierPolicy, profile: profileOf(supplierPolicy, 'Acme Supplies') } },
    });
    const { router } = renderApp('/app/termsOfUse');
    await screen.findByRole('heading', { name: 'Catalogue' });
    expect(router.state.location.pathname).toBe('/app/catalogue');
  });
});
