import { LocalDatabase } from './local-database';

/**
 * The database of the signed-in user. The app opens it when a session becomes
 * active (startSync does); hooks and commands read it from here.
 */
let current: LocalDatabase | null = null;

export const databaseNameFor = (userKey: string) => `portal:${userKey}`;

export function openLocalDatabase(userKey: string): LocalDatabase {
  const name = databaseNameFor(userKey);
  if (current?.name === name) return current;
  current?.close();
  current = new LocalDatabase(name);
  return current;
}

export function localDatabase(): LocalDatabase {
  if (!current) throw new Error('No local database is open: start the sync for a session first');
  return current;
}

/** For what may render before a session (the update prompt): null while no database is open. */
export const openedLocalDatabase = (): LocalDatabase | null => current;

export function closeLocalDatabase(): void {
  current?.close();
  current = null;
}
