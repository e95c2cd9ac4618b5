import { sql } from 'kysely';
import type { OrgPathKind } from '../../src/domain/roles';
import { isPostgres, type Db } from '../db/database';
import { preparedQuery, preparedRowsQuery } from '../db/prepared-query';

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

// Compiled once per kind of database (db/prepared-query.ts): every mirrored write runs these.
const stepCounter = preparedQuery((db, v: { count: number }) =>
  db
    .updateTable('rev_counter')
    .set((eb) => ({ value: eb('value', '+', v.count) }))
    .where('id', '=', 1)
    .returning('value'),
);

const insertChanges = preparedRowsQuery((db, scopes: Scope[], v: { rev: number; entity: string; key: string; op: string }) =>
  db.insertInto('change_log').values(
    scopes.map((s) => ({ rev: v.rev, scope_kind: s.kind, org_key: s.orgKey, entity: v.entity, entity_key: v.key, op: v.op })),
  ),
);

/** `count` consecutive revisions in one counter step; answers the last (highest) of them. */
export async function nextRevisions(trx: Tx, count: number): Promise<number> {
  const [row] = await stepCounter(trx, { count });
  return Number(row!.value);
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
  await insertChanges(trx, [...unique.values()], { rev, entity: change.entity, key: change.key, op: change.op });
  return rev;
}
