import type { ThemePalette } from '../../domain/theme-palette';
import { mix, readableOn, withAlpha } from './colour';

/** Screen widths where drawers narrow from 100vw to 65vw to 45vw. */
export const breakpoints = { medium: 600, large: 1200 } as const;

export const media = {
  small: `@media (max-width: ${breakpoints.medium - 1}px)`,
  medium: `@media (min-width: ${breakpoints.medium}px)`,
  large: `@media (min-width: ${breakpoints.large}px)`,
} as const;

/** Builds every token of the design from the user's palette, so the Theme tab can change it live. */
export function buildTheme(palette: ThemePalette) {
  const dark = palette.type === 'dark';
  const background = dark ? '#111417' : '#f4f6f8';
  const surface = dark ? '#1b1f24' : '#ffffff';
  const text = dark ? '#e7eaee' : '#1c2329';
  // The chosen primary may be too dark to read on a dark surface; text uses a lifted tone.
  const accent = dark ? mix(palette.primary, '#ffffff', 0.55) : palette.primary;

  return {
    mode: palette.type,
    color: {
      primary: palette.primary,
      onPrimary: readableOn(palette.primary),
      secondary: palette.secondary,
      onSecondary: readableOn(palette.secondary),
      accent,
      accentSoft: withAlpha(accent, dark ? 0.18 : 0.1),
      background,
      surface,
      surfaceSunken: dark ? '#15191d' : '#eef1f4',
      text,
      textMuted: dark ? '#a3acb6' : '#5b6670',
      border: dark ? '#2e353d' : '#dde2e7',
      focus: dark ? mix(palette.secondary, '#ffffff', 0.4) : palette.secondary,
      overlay: 'rgba(10, 14, 18, 0.5)',
      error: dark ? '#f28b82' : '#b3261e',
      success: dark ? '#81c995' : '#1e7b34',
      warning: dark ? '#fdd663' : '#8a5300',
      info: dark ? '#8ab4f8' : '#0b57d0',
      strength: ['#c62828', '#c62828', '#ef6c00', '#2e7d32', '#1b5e20'],
    },
    snackbar: {
      success: { background: '#1e7b34', text: '#ffffff' },
      warning: { background: '#f2b705', text: '#1c1c1c' },
      error: { background: '#b3261e', text: '#ffffff' },
      info: { background: dark ? '#e7eaee' : '#2b333b', text: dark ? '#1c2329' : '#ffffff' },
    },
    font: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    radius: { small: '6px', medium: '10px', large: '16px' },
    shadow: {
      raised: dark ? '0 1px 3px rgba(0, 0, 0, 0.5)' : '0 1px 3px rgba(16, 24, 40, 0.1), 0 1px 2px rgba(16, 24, 40, 0.06)',
      overlay: '0 12px 32px rgba(0, 0, 0, 0.24)',
    },
    layout: { topBarHeight: 64, sideMenuCollapsedWidth: 72 },
    zIndex: { topBar: 10, drawer: 100, snackbar: 200 },
  } as const;
}

export type AppTheme = ReturnType<typeof buildTheme>;
