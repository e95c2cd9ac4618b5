import type { Scope, Tx } from '../sync/change-log';

/**
 * Accounts and user communities are support-only: their rows are mirrored to the
 * support organisations' scope, which every support client pulls.
 */
export async function supportScopes(trx: Tx): Promise<Scope[]> {
  const rows = await trx.selectFrom('orgs').select('unique_key').where('type', '=', 0).where('deleted', '=', 0).execute();
  return rows.map((r) => ({ kind: 'org', orgKey: r.unique_key }));
}
