import * as z from 'zod/mini';
import { DEFAULT_THEME } from './constants';

const hexColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));

/** The user's palette of the Theme tab, as kept in local storage; zod/mini, since every page's start reads it. */
export const themePaletteSchema = z.object({
  primary: hexColour,
  secondary: hexColour,
  type: z.enum(['light', 'dark']),
});
export type ThemePalette = z.infer<typeof themePaletteSchema>;

export const DEFAULT_PALETTE: ThemePalette = { ...DEFAULT_THEME };
