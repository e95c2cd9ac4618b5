import { sql } from 'kysely';
import type { OrgPathKind } from '../../src/domain/roles';
import { isPostgres, type Db } from '../db/database';

/** A transaction or the database itself: both run queries the same way. */
export type Tx = Db;

export interface Scope {
  kind: OrgPathKind;
  orgKey: string;
}

/**
 * The next revision of the one increasing counter. Updating the single counter row
 * takes its row lock until commit, so under PostgreSQL writers of mirrored rows are
 * serialised and commit in revision order: a row committed later never carries a
 * lower revision than one a client has already been given. SQLite has one writer
 * anyway.
 */
async function nextRevision(trx: Tx): Promise<number> {
  return nextRevisions(trx, 1);
}

/**
 * Takes the revision counter's row lock now, before the transaction locks any row of its
 * own. A transaction that writes several mirrored rows (a re-match of many invoices, a
 * correction that re-matches its related invoices) then takes its locks in the order every
 * writer does, the counter first: two of them wait for each other instead of deadlocking
 * on PostgreSQL. SQLite has one writer anyway.
 */
export async function holdRevisions(trx: Tx): Promise<void> {
  if (isPostgres(trx)) await sql`select value from rev_counter where id = 1 for update`.execute(trx);
}

/** `count` consecutive revisions in one counter step; answers the last (highest) of them. */
export async function nextRevisions(trx: Tx, count: number): Promise<number> {
  const row = await sql<{ value: number | string }>`update rev_counter set value = value + ${count} where id = 1 returning value`.execute(trx);
  return Number(row.rows[0]!.value);
}

/**
 * Records that a mirrored row changed (or was deleted: a tombstone), for every
 * organisation scope that may see it. Returns the revision to store on the row.
 */
export async function recordChange(
  trx: Tx,
  change: { entity: string; key: string; op: 'upsert' | 'delete'; scopes: Scope[] },
): Promise<number> {
  const rev = await nextRevision(trx);
  const unique = new Map(change.scopes.map((s) => [`${s.kind}:${s.orgKey}`, s]));
  await trx
    .insertInto('change_log')
    .values(
      [...unique.values()].map((s) => ({
        rev,
        scope_kind: s.kind,
        org_key: s.orgKey,
        entity: change.entity,
        entity_key: change.key,
        op: change.op,
      })),
    )
    .execute();
  return rev;
}
