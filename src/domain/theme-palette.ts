import { z } from 'zod';
import { DEFAULT_THEME } from './constants';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** The user's palette of the Theme tab, as kept in local storage. */
export const themePaletteSchema = z.object({
  primary: hexColour,
  secondary: hexColour,
  type: z.enum(['light', 'dark']),
});
export type ThemePalette = z.infer<typeof themePaletteSchema>;

export const DEFAULT_PALETTE: ThemePalette = { ...DEFAULT_THEME };
