import { nextRevision, type Scope, type Tx } from '../sync/change-log';

/**
 * Records many changed rows of one entity under a single revision: an import that
 * touches thousands of rows takes one counter step and batched change-log inserts.
 */
export async function recordChanges(
  trx: Tx,
  entity: string,
  items: Array<{ key: string; scopes: Scope[] }>,
  op: 'upsert' | 'delete' = 'upsert',
): Promise<number | null> {
  if (items.length === 0) return null;
  const rev = await nextRevision(trx);
  const rows = items.flatMap((item) => {
    const unique = new Map(item.scopes.map((s) => [`${s.kind}:${s.orgKey}`, s]));
    return [...unique.values()].map((s) => ({ rev, scope_kind: s.kind, org_key: s.orgKey, entity, entity_key: item.key, op }));
  });
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('change_log').values(rows.slice(i, i + 500)).execute();
  return rev;
}

/** Splits a list for `in (...)` queries and batched inserts. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
