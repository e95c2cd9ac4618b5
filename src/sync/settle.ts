import type { FieldIssue } from '../domain/messages';
import { syncTables } from './all-tables';
import { commandFor } from './commands/registry';
import { ensureBases, foldIntoBases, recompute, releaseBases, uniqueTouches } from './overlay';
import type { SyncDb } from './store-schema';

/**
 * What happens to an entry after the server answered, or after the user decided.
 * Each runs in one transaction; none awaits the network.
 */

/**
 * 2xx: the changes are the server's now. `acks` come in `seq` order, as the server took
 * them; the group is settled in one transaction, each row recomputed once.
 */
export async function acknowledge(db: SyncDb, acks: Array<{ id: string; answer: unknown }>): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const held = await db.outbox.bulkGet(acks.map((a) => a.id));
    const taken = acks.flatMap((a, i) => (held[i] ? [{ entry: held[i], answer: a.answer }] : []));
    if (taken.length === 0) return;
    await db.outbox.bulkDelete(taken.map((t) => t.entry.id));
    await foldIntoBases(db, taken.map((t) => t.entry));
    await releaseBases(db, uniqueTouches(taken.flatMap((t) => t.entry.touches)));
    // Only real promises are awaited: awaiting `undefined` would leave Dexie's transaction zone.
    for (const { entry, answer } of taken) {
      const onAck = commandFor(entry.kind).onAck;
      if (onAck) await onAck(db, entry, answer);
    }
  });
}

/**
 * Other 4xx: keep it for the user with the server's errors and roll its change back.
 * `fieldErrors` (the same errors by form field, when the server named them) go to the command.
 */
export async function markFailed(db: SyncDb, id: string, errors: string[], fieldErrors?: FieldIssue[]): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await db.outbox.update(id, { state: 'failed', errors });
    await recompute(db, entry.touches);
    const onFailed = commandFor(entry.kind).onFailed;
    if (onFailed) await onFailed(db, { ...entry, state: 'failed', errors }, errors, fieldErrors);
  });
}

/** Network error, 5xx, 408, 429: try again later. */
export async function postpone(db: SyncDb, id: string, attempts: number, nextAttemptAt: number): Promise<void> {
  await db.outbox.update(id, { attempts, nextAttemptAt });
}

/** The user asked to send a refused change again: it goes back on top of the rows, in its place. */
export async function retryEntry(db: SyncDb, id: string): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'failed') return;
    await ensureBases(db, entry.touches);
    await db.outbox.update(id, { state: 'pending', errors: undefined, attempts: 0, nextAttemptAt: 0 });
    await recompute(db, entry.touches);
  });
}

/** The user gave up on a refused change: it goes, and its rows stay as the server has them. */
export async function discardEntry(db: SyncDb, id: string): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'failed') return;
    await db.outbox.delete(id);
    await recompute(db, entry.touches);
  });
}
