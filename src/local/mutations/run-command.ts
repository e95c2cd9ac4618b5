import type { CommandRequest } from '../../sync/commands/command';
import type { OutboxEntry } from '../../sync/outbox-entry';
import { withStore } from '../../sync/storage-errors';
import { announceWake } from '../../sync/wake-channel';
import { localDatabase } from '../db/current-database';
import { outboxWrites } from '../outbox/outbox-code';

/**
 * Every command ends here: the optimistic change and the outbox entry in one
 * transaction (enqueue), then a word to the leading tab's engine to send it. The
 * promise resolves once the change is stored locally, not when the server has it;
 * a StorageFullError says the browser refused to store it.
 */
export async function runCommand(request: CommandRequest): Promise<OutboxEntry> {
  const db = localDatabase();
  const { enqueue } = await outboxWrites();
  const entry = await withStore(db, () => enqueue(db, request));
  announceWake(db.name);
  return entry;
}
