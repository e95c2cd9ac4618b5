import type * as LocalStoreModule from './local-store';

type LocalStore = typeof LocalStoreModule;

let loaded: LocalStore | null = null;

/**
 * Loads the local store's code once a session exists (the server confirmed one, or the
 * offline start found the cached profile); a visitor who only signs in never downloads it.
 */
export async function loadLocalStore(): Promise<LocalStore> {
  loaded ??= await import('./local-store');
  return loaded;
}

/**
 * The loaded store, for what renders inside an active session: a session becomes active
 * only after loadLocalStore() resolved (see load-session.ts).
 */
export function loadedLocalStore(): LocalStore {
  if (!loaded) throw new Error('The local store is loaded when a session becomes active');
  return loaded;
}
