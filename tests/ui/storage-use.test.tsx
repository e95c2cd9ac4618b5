import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PALETTE } from '../../src/domain/theme-palette';
import { StorageUse } from '../../src/features/sync-status/storage-use';
import { buildTheme } from '../../src/ui/theme/theme';
import './support/setup';

const MB = 1024 * 1024;

afterEach(() => vi.unstubAllGlobals());

function stubStorage(usages: number[]) {
  const estimate = vi.fn(async () => ({ usage: usages.shift() ?? 0, quota: 1024 * MB }));
  vi.stubGlobal('navigator', { ...navigator, storage: { estimate, persisted: async () => true } });
  return estimate;
}

const view = (changedWhen: string) => (
  <ThemeProvider theme={buildTheme(DEFAULT_PALETTE)}>
    <StorageUse changedWhen={changedWhen} />
  </ThemeProvider>
);

describe('storage use in the top bar', () => {
  it('shows use and quota, and reads them again when the offline data changed', async () => {
    const estimate = stubStorage([2 * MB, 40 * MB]);
    const { rerender } = render(view('sync 1'));
    expect(await screen.findByText('2.0 MB of 1.0 GB used')).toBeTruthy();
    expect(screen.getByTestId('storage-use').getAttribute('title')).toContain('The browser keeps this data.');

    rerender(view('sync 1'));
    expect(estimate).toHaveBeenCalledTimes(1);
    rerender(view('sync 2'));
    expect(await screen.findByText('40 MB of 1.0 GB used')).toBeTruthy();
    expect(estimate).toHaveBeenCalledTimes(2);
  });
});
