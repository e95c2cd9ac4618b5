import { syncTables } from './all-tables';
import { recompute, touchId } from './overlay';
import type { Touch } from './outbox-entry';
import type { MirrorRow } from './rows';
import { sellerOfProductKey } from './row-keys';
import { bumpTableVersion } from './table-version';
import { splitRow, type RowWrite } from './split-row';
import { mirrorTable, type MirrorTable, type SyncDb } from './store-schema';

/**
 * `replace`: the rows are whole (changes feed, detail calls, product pages).
 * `merge`: list rows lack detail fields, so they are laid over what is held; a held
 * row with a newer revision is left alone.
 */
export type ApplyMode = 'replace' | 'merge';

interface Batch {
  puts: Map<MirrorTable, MirrorRow[]>;
  deletes: Map<MirrorTable, Array<[string, string]>>;
  overlaid: Touch[];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function mergeOver(db: SyncDb, writes: RowWrite[]): Promise<RowWrite[]> {
  const out: RowWrite[] = [];
  const byTable = new Map<MirrorTable, RowWrite[]>();
  for (const w of writes) push(byTable, w.table, w);
  for (const [table, list] of byTable) {
    const held = await mirrorTable(db, table).bulkGet(list.map((w) => [w.scope, w.key] as [string, string]));
    list.forEach((w, i) => {
      const old = held[i];
      if (old && old.rev > w.rev) return;
      out.push(old && w.row ? { ...w, row: { ...old, ...w.row } } : w);
    });
  }
  return out;
}

/** A product may also be held in a chunk, so its deletion is a row of the overlay that hides it (product-chunks.ts). */
const deletion = (w: RowWrite): MirrorRow | null =>
  w.table === 'products' ? { scope: w.scope, key: w.key, rev: w.rev, sellerId: sellerOfProductKey(w.key), removed: true } : null;

/**
 * Writes one batch of server rows in one transaction. Rows under a pending outbox
 * entry go to its base instead and are recomputed with the entry on top, so the
 * user's change stays visible until the server confirms or refuses it.
 */
export async function applyRows(
  db: SyncDb,
  writes: RowWrite[],
  mode: ApplyMode = 'replace',
  alsoInTransaction?: () => Promise<void>,
): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const baseIds = new Set(await db.bases.toCollection().primaryKeys());
    const batch: Batch = { puts: new Map(), deletes: new Map(), overlaid: [] };
    const childReplacements: Array<{ table: MirrorTable; field: string; scope: string; parent: string; keep: Set<string> }> = [];

    const pieces: RowWrite[] = [];
    for (const write of writes) {
      const { parent, children, attached } = splitRow(write);
      pieces.push(parent, ...attached);
      if (children) {
        pieces.push(...children.rows);
        childReplacements.push({
          table: children.table,
          field: children.parentField,
          scope: parent.scope,
          parent: parent.key,
          keep: new Set(children.rows.map((c) => c.key)),
        });
      }
    }
    const effective = mode === 'merge' ? await mergeOver(db, pieces) : pieces;

    for (const w of effective) {
      const touch: Touch = { table: w.table, scope: w.scope, key: w.key };
      const row: MirrorRow | null = w.row ? { ...w.row, scope: w.scope, key: w.key, rev: w.rev } : deletion(w);
      if (baseIds.has(touchId(touch))) {
        await db.bases.update(touchId(touch), { row });
        batch.overlaid.push(touch);
      } else if (row) push(batch.puts, w.table, row);
      else push(batch.deletes, w.table, [w.scope, w.key]);
    }

    for (const c of childReplacements) {
      const stale = await mirrorTable(db, c.table)
        .where(`[scope+${c.field}]`)
        .equals([c.scope, c.parent])
        .primaryKeys();
      for (const key of stale) if (!c.keep.has(key[1])) push(batch.deletes, c.table, key);
    }
    for (const [table, keys] of batch.deletes) await mirrorTable(db, table).bulkDelete(keys);
    for (const [table, rows] of batch.puts) await mirrorTable(db, table).bulkPut(rows);
    // recompute() of nothing returns without awaiting, which can drop Dexie's transaction zone.
    if (batch.overlaid.length > 0) await recompute(db, batch.overlaid);
    for (const table of new Set([...batch.puts.keys(), ...batch.deletes.keys()])) await bumpTableVersion(db, table);
    await alsoInTransaction?.();
  });
}
