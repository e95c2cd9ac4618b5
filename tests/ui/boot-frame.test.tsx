import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBootFrame } from '../../src/app/boot-frame';
import { DEFAULT_PALETTE } from '../../src/domain/theme-palette';
import { buildTheme } from '../../src/ui/theme/theme';
import './support/setup';
import { renderApp } from './support/render-app';

const TAGLINE = 'Automation for internal catalogues, EDI and accounts payable.';

describe('the first paint', () => {
  it('is built into the page: the loading screen in the sign-in frame, with its styles', () => {
    const { html, styles } = renderBootFrame();
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(within(holder).getByRole('status').textContent).toBe('Loading…');
    expect(within(holder).getByText(TAGLINE).tagName).toBe('P');
    expect(within(holder).getByText('Procurement Portal')).toBeTruthy();
    expect(styles).toMatch(/^<style data-styled/);
    expect(styles).toContain(`background:${buildTheme(DEFAULT_PALETTE).color.background}`);
  });

  it('is what the app renders first, while it asks who is signed in', async () => {
    // The session probe never answers: the app stays on its first screen.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderApp('/app/catalogue');
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.getByText(TAGLINE)).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
