import { openedLocalDatabase } from '../db/current-database';

/** Changes not yet confirmed by the server (waiting or refused): sign-out warns while this is above 0. */
export async function pendingChangeCount(): Promise<number> {
  return (await openedLocalDatabase()?.outbox.count()) ?? 0;
}
