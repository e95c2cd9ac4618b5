import { nextRevisions, type Scope, type Tx } from '../sync/change-log';

/**
 * Records many changed rows of one entity in one counter step and batched change-log
 * inserts (an import touches thousands of rows). Each row gets a revision of its own:
 * the feed pages by revision with the last one read as its cursor, so rows sharing a
 * revision across a page boundary would be skipped for good. Answers the highest
 * revision, the one to store on the rows.
 */
export async function recordChanges(
  trx: Tx,
  entity: string,
  items: Array<{ key: string; scopes: Scope[] }>,
  op: 'upsert' | 'delete' = 'upsert',
): Promise<number | null> {
  if (items.length === 0) return null;
  const last = await nextRevisions(trx, items.length);
  const first = last - items.length + 1;
  const rows = items.flatMap((item, i) => {
    const unique = new Map(item.scopes.map((s) => [`${s.kind}:${s.orgKey}`, s]));
    return [...unique.values()].map((s) => ({ rev: first + i, scope_kind: s.kind, org_key: s.orgKey, entity, entity_key: item.key, op }));
  });
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('change_log').values(rows.slice(i, i + 500)).execute();
  return last;
}

/** Splits a list for `in (...)` queries and batched inserts. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
