import { commandFor } from './commands/registry';
import type { OutboxEntry, Touch } from './outbox-entry';
import type { MirrorRow } from './rows';
import { mirrorTable, type SyncDb } from './store-schema';

/**
 * The optimistic overlay. While an outbox entry is pending, the server's version of
 * every row it touched is kept in `bases`; the visible row is always
 * base + the pending entries that touch it, applied in `seq` order. So:
 * - a pull writes the server's new row into `bases` and recomputes: the user's
 *   pending change stays on top and nothing flickers back to a stale value;
 * - a refusal recomputes without the refused entry: its change is rolled back,
 *   while later entries on the same row survive.
 * Every function here runs inside the caller's read-write transaction.
 */
export const touchId = (t: Touch) => `${t.table}|${t.scope}|${t.key}`;

export async function currentRow(db: SyncDb, t: Touch): Promise<MirrorRow | undefined> {
  return mirrorTable(db, t.table).get([t.scope, t.key]);
}

export async function writeRow(db: SyncDb, t: Touch, row: MirrorRow | undefined): Promise<void> {
  const table = mirrorTable(db, t.table);
  if (row) await table.put({ ...row, scope: t.scope, key: t.key });
  else await table.delete([t.scope, t.key]);
}

/**
 * The server's version of a row: its base while entries are pending on it, else the row
 * itself. Both reads are always awaited: a function inside a Dexie transaction that
 * only sometimes awaits can drop out of the transaction's zone (Dexie issue #1186).
 */
async function baseOrCurrent(db: SyncDb, t: Touch): Promise<MirrorRow | undefined> {
  const [base, current] = await Promise.all([db.bases.get(touchId(t)), currentRow(db, t)]);
  return base ? (base.row ?? undefined) : current;
}

/** Keeps the server's version of rows about to change; a row that already has one keeps it. */
export async function ensureBases(db: SyncDb, touches: Touch[]): Promise<void> {
  for (const t of touches) {
    const id = touchId(t);
    if (await db.bases.get(id)) continue;
    const row = await currentRow(db, t);
    await db.bases.put({ id, table: t.table, scope: t.scope, key: t.key, row: row ?? null });
  }
}

/** The rows one entry leaves behind, given the rows it touches (in `entry.touches` order). */
export function applyEntry(
  entry: Pick<OutboxEntry, 'id' | 'kind' | 'body' | 'touches'>,
  rows: Array<MirrorRow | undefined>,
): Array<MirrorRow | undefined> {
  return commandFor(entry.kind).apply(rows, entry);
}

/**
 * Pending entries touching any of `touches`, and the rows they touch, until nothing
 * new joins. Found through the outbox's `touchIds` index, so the cost follows the
 * entries on these rows, not the length of the outbox.
 */
async function closure(db: SyncDb, touches: Touch[]) {
  const rows = new Map(touches.map((t) => [touchId(t), t]));
  const involved = new Map<string, OutboxEntry>();
  let frontier = [...rows.keys()];
  while (frontier.length > 0) {
    const found = await db.outbox.where('touchIds').anyOf(frontier).toArray();
    frontier = [];
    for (const entry of found) {
      if (entry.state !== 'pending' || involved.has(entry.id)) continue;
      involved.set(entry.id, entry);
      for (const t of entry.touches) {
        const id = touchId(t);
        if (rows.has(id)) continue;
        rows.set(id, t);
        frontier.push(id);
      }
    }
  }
  return { rows, entries: [...involved.values()].sort((a, b) => a.seq - b.seq) };
}

/** Rewrites the visible rows of `touches` (at least one) as base + pending entries; drops bases no entry needs. */
export async function recompute(db: SyncDb, touches: Touch[]): Promise<void> {
  if (touches.length === 0) return;
  const { rows, entries } = await closure(db, touches);

  const values = new Map<string, MirrorRow | undefined>();
  for (const [id, t] of rows) values.set(id, await baseOrCurrent(db, t));
  for (const entry of entries) {
    const out = applyEntry(entry, entry.touches.map((t) => values.get(touchId(t))));
    entry.touches.forEach((t, i) => values.set(touchId(t), out[i]));
  }

  const stillNeeded = new Set(entries.flatMap((e) => e.touches.map(touchId)));
  for (const [id, t] of rows) {
    await writeRow(db, t, values.get(id));
    if (!stillNeeded.has(id)) await db.bases.delete(id);
  }
}

/** Each touch once, in first-seen order. */
export function uniqueTouches(touches: Touch[]): Touch[] {
  return [...new Map(touches.map((t) => [touchId(t), t])).values()];
}

/**
 * The server applied `entries` (in `seq` order): their changes become part of the base
 * of every row they touched. Bases are read and written once for the whole group.
 */
export async function foldIntoBases(db: SyncDb, entries: OutboxEntry[]): Promise<void> {
  const touches = uniqueTouches(entries.flatMap((e) => e.touches));
  const held = await Promise.all(touches.map((t) => baseOrCurrent(db, t)));
  const values = new Map(touches.map((t, i) => [touchId(t), held[i]]));
  for (const entry of entries) {
    const out = applyEntry(entry, entry.touches.map((t) => values.get(touchId(t))));
    entry.touches.forEach((t, i) => values.set(touchId(t), out[i]));
  }
  await db.bases.bulkPut(touches.map((t) => ({ id: touchId(t), table: t.table, scope: t.scope, key: t.key, row: values.get(touchId(t)) ?? null })));
}

/**
 * After an acknowledgement: drops the bases of rows no pending entry touches any more.
 * The visible rows need no recompute: the acknowledged entries were the oldest pending
 * on their rows, so base + them + the rest is what the rows already show.
 */
export async function releaseBases(db: SyncDb, touches: Touch[]): Promise<void> {
  const ids = touches.map(touchId);
  const stillPending = await Promise.all(
    ids.map((id) =>
      db.outbox
        .where('touchIds')
        .equals(id)
        .filter((e) => e.state === 'pending')
        .first(),
    ),
  );
  await db.bases.bulkDelete(ids.filter((_, i) => !stillPending[i]));
}
