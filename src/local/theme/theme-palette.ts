import { STORAGE_KEYS } from '../../domain/constants';
import { DEFAULT_PALETTE, themePaletteSchema, type ThemePalette } from '../../domain/theme-palette';
import { createStoredValue, useStoredValue } from '../storage/stored-value';

const paletteStore = createStoredValue(STORAGE_KEYS.theme, themePaletteSchema, DEFAULT_PALETTE);

export function useThemePalette(): ThemePalette {
  return useStoredValue(paletteStore);
}

/** Saves the palette; every mounted theme consumer re-renders with it at once. */
export function saveThemePalette(palette: ThemePalette): void {
  paletteStore.set(palette);
}

export function resetThemePalette(): void {
  paletteStore.set(null);
}
