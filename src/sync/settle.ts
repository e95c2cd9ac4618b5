import type { FieldIssue } from '../domain/messages';
import { syncTables } from './all-tables';
import { commandFor } from './commands/registry';
import { ensureBases, foldIntoBases, recompute } from './overlay';
import type { SyncDb } from './store-schema';

/**
 * What happens to an entry after the server answered, or after the user decided.
 * Each runs in one transaction; none awaits the network.
 */

/** 2xx: the change is the server's now. */
export async function acknowledge(db: SyncDb, id: string, answer: unknown): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await db.outbox.delete(id);
    await foldIntoBases(db, entry);
    await recompute(db, entry.touches);
    await commandFor(entry.kind).onAck?.(db, entry, answer);
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
    await commandFor(entry.kind).onFailed?.(db, { ...entry, state: 'failed', errors }, errors, fieldErrors);
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
