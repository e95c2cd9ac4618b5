import type { CommandRequest } from './commands/command';
import { tablesOf } from './all-tables';
import { currentRow, applyEntry, touchId, writeRow } from './overlay';
import type { OutboxEntry } from './outbox-entry';
import type { SyncDb } from './store-schema';

const CLIENT_ID = 'clientId';
const NEXT_SEQ = 'nextSeq';

/**
 * Records a command: the optimistic change to the mirrored rows and its outbox entry,
 * in ONE Dexie transaction, so the screen never shows a change the outbox does not
 * hold, nor the other way round. The new entry comes last in `seq`, so applying it to
 * the rows as they are now (base + earlier entries) is the overlay's answer too.
 * All reads go out together, then all writes: a user's tap waits for two round trips
 * to IndexedDB, not one per request.
 */
export async function enqueue(db: SyncDb, request: CommandRequest, now = Date.now()): Promise<OutboxEntry> {
  // The new entry is applied alone, on its own rows: no other table can be involved.
  return db.transaction('rw', tablesOf(db, request.touches.map((t) => t.table)), async () => {
    const id = crypto.randomUUID();
    // Commands that create a row key it by the entry id, which only exists now.
    const touches = request.touches.map((t) => ({ ...t, key: t.key.replace('{entryId}', id) }));
    const touchIds = touches.map(touchId);

    const [clientIdRow, seqRow, bases, rows] = await Promise.all([
      db.meta.get(CLIENT_ID),
      db.meta.get(NEXT_SEQ),
      db.bases.bulkGet(touchIds),
      Promise.all(touches.map((t) => currentRow(db, t))),
    ]);
    const clientId = (clientIdRow?.value as string | undefined) ?? crypto.randomUUID();
    const seq = (seqRow?.value as number | undefined) ?? 1;
    const entry: OutboxEntry = {
      ...request,
      id,
      clientId,
      seq,
      createdAt: new Date(now).toISOString(),
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
      touches,
      touchIds,
    };
    const out = applyEntry(entry, rows);

    await Promise.all([
      db.meta.bulkPut([
        { key: CLIENT_ID, value: clientId },
        { key: NEXT_SEQ, value: seq + 1 },
      ]),
      // The server's version of each row, kept before its first pending change; a row that has one keeps it.
      db.bases.bulkPut(
        touches.flatMap((t, i) => (bases[i] ? [] : [{ id: touchIds[i]!, table: t.table, scope: t.scope, key: t.key, row: rows[i] ?? null }])),
      ),
      ...touches.map((t, i) => writeRow(db, t, out[i])),
      db.outbox.add(entry),
    ]);
    return entry;
  });
}
