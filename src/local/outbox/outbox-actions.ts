import { withStore } from '../../sync/storage-errors';
import { announceWake } from '../../sync/wake-channel';
import { localDatabase } from '../db/current-database';
import { outboxWrites } from './outbox-code';

/** "Changes not sent": send a refused change again (it goes back on top of the rows and into the queue). */
export async function retryChange(id: string): Promise<void> {
  const db = localDatabase();
  const { retryEntry } = await outboxWrites();
  await withStore(db, () => retryEntry(db, id));
  announceWake(db.name);
}

/** "Changes not sent": give up on a refused change; the rows stay as the server has them. */
export async function discardChange(id: string): Promise<void> {
  const db = localDatabase();
  const { discardEntry } = await outboxWrites();
  await withStore(db, () => discardEntry(db, id));
}
