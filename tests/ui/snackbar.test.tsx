import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { SNACKBAR_DURATION_MS } from '../../src/domain/constants';
import { DEFAULT_PALETTE } from '../../src/domain/theme-palette';
import { SnackbarProvider } from '../../src/ui/snackbar/SnackbarProvider';
import type { SnackbarVariant } from '../../src/ui/snackbar/snackbar-context';
import { useSnackbar } from '../../src/ui/snackbar/use-snackbar';
import { buildTheme } from '../../src/ui/theme/theme';
import './support/setup';

function Trigger({ variant, topic }: { variant: SnackbarVariant; topic?: string }) {
  const { notify } = useSnackbar();
  return (
    <button type="button" onClick={() => notify({ variant, message: `A ${variant} happened`, topic })}>
      Notify {variant}
      {topic ? ` of ${topic}` : ''}
    </button>
  );
}

function renderSnackbars() {
  render(
    <ThemeProvider theme={buildTheme(DEFAULT_PALETTE)}>
      <SnackbarProvider>
        {(['success', 'warning', 'info', 'error'] as const).map((variant) => (
          <Trigger key={variant} variant={variant} />
        ))}
        <Trigger variant="error" topic="saving" />
        <Trigger variant="success" topic="saving" />
      </SnackbarProvider>
    </ThemeProvider>,
  );
}

describe('snackbars', () => {
  it.each(['success', 'warning', 'info'] as const)('hides a %s snackbar after the spec duration', (variant) => {
    vi.useFakeTimers();
    renderSnackbars();
    fireEvent.click(screen.getByRole('button', { name: `Notify ${variant}` }));
    expect(screen.getByRole('status').textContent).toBe(`A ${variant} happened`);

    act(() => vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an error until the user dismisses it', () => {
    vi.useFakeTimers();
    renderSnackbars();
    fireEvent.click(screen.getByRole('button', { name: 'Notify error' }));
    act(() => vi.advanceTimersByTime(SNACKBAR_DURATION_MS * 30));
    expect(screen.getByRole('alert').textContent).toBe('A error happened');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets a later snackbar hide on its own schedule while an error stays', () => {
    vi.useFakeTimers();
    renderSnackbars();
    fireEvent.click(screen.getByRole('button', { name: 'Notify error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify success' }));
    act(() => vi.advanceTimersByTime(SNACKBAR_DURATION_MS));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows only the last outcome of one topic: a success replaces the error before it', () => {
    renderSnackbars();
    fireEvent.click(screen.getByRole('button', { name: 'Notify error of saving' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify success of saving' }));
    // The error of another topic stays; the one the success answers is gone.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('A success happened');
  });
});
