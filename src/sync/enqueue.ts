import type { CommandRequest } from './commands/command';
import { tablesOf } from './all-tables';
import { currentRow, ensureBases, applyEntry, touchId, writeRow } from './overlay';
import type { OutboxEntry } from './outbox-entry';
import type { SyncDb } from './store-schema';

const CLIENT_ID = 'clientId';
const NEXT_SEQ = 'nextSeq';

/**
 * Records a command: the optimistic change to the mirrored rows and its outbox entry,
 * in ONE Dexie transaction, so the screen never shows a change the outbox does not
 * hold, nor the other way round. The new entry comes last in `seq`, so applying it to
 * the rows as they are now (base + earlier entries) is the overlay's answer too.
 */
export async function enqueue(db: SyncDb, request: CommandRequest, now = Date.now()): Promise<OutboxEntry> {
  // The new entry is applied alone, on its own rows: no other table can be involved.
  return db.transaction('rw', tablesOf(db, request.touches.map((t) => t.table)), async () => {
    let clientId = (await db.meta.get(CLIENT_ID))?.value as string | undefined;
    if (!clientId) {
      clientId = crypto.randomUUID();
      await db.meta.put({ key: CLIENT_ID, value: clientId });
    }
    const seq = ((await db.meta.get(NEXT_SEQ))?.value as number | undefined) ?? 1;
    await db.meta.put({ key: NEXT_SEQ, value: seq + 1 });

    const entry: OutboxEntry = {
      ...request,
      id: crypto.randomUUID(),
      clientId,
      seq,
      createdAt: new Date(now).toISOString(),
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
      touchIds: [],
    };
    // Commands that create a row key it by the entry id, which only exists now.
    entry.touches = request.touches.map((t) => ({ ...t, key: t.key.replace('{entryId}', entry.id) }));
    entry.touchIds = entry.touches.map(touchId);

    await ensureBases(db, entry.touches);
    const rows = await Promise.all(entry.touches.map((t) => currentRow(db, t)));
    const out = applyEntry(entry, rows);
    for (const [i, t] of entry.touches.entries()) await writeRow(db, t, out[i]);
    await db.outbox.add(entry);
    return entry;
  });
}
