import { z } from 'zod';
import { STORAGE_KEYS } from '../../domain/constants';
import { createStoredValue, useStoredValue } from '../storage/stored-value';

/** The user's last choice of collapsed (true) or open (false) side menu; null until they choose. */
const choice = createStoredValue(STORAGE_KEYS.sideMenuCollapsed, z.boolean().nullable(), null);

/**
 * Whether the side menu is collapsed: as the user last left it in this browser, or
 * `collapsedByDefault` (the screen's width decides) until they toggle it once.
 */
export function useSideMenuCollapsed(collapsedByDefault: boolean): [boolean, (collapsed: boolean) => void] {
  const chosen = useStoredValue(choice);
  return [chosen ?? collapsedByDefault, (collapsed) => choice.set(collapsed)];
}
