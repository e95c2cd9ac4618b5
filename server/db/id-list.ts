import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './database';

/**
 * `column in (ids)` with the whole list as ONE parameter, so the SQL text is the same
 * for any number of ids and the query can be compiled once (prepared-query.ts) and its
 * statement prepared once. Kysely's `in` writes one placeholder per id: every page of
 * the changes feed had a list length of its own, so each was a new query to build,
 * compile and prepare. `ids` is the slot of the value, filled by `idList`.
 */
export function inIdList(db: Db, column: string, ids: unknown): RawBuilder<boolean> {
  return inList(db, column, ids, sql.raw('bigint[]'));
}

/** `column in (texts)` as `inIdList` does it for ids (product codes): the slot filled by `idList` too. */
export function inTextList(db: Db, column: string, texts: unknown): RawBuilder<boolean> {
  return inList(db, column, texts, sql.raw('text[]'));
}

function inList(db: Db, column: string, values: unknown, pgArray: RawBuilder<unknown>): RawBuilder<boolean> {
  return isPostgres(db) ? sql<boolean>`${sql.ref(column)} = any(${values}::${pgArray})` : sql<boolean>`${sql.ref(column)} in (select value from json_each(${values}))`;
}

/** The value of an `inIdList` or `inTextList` parameter: an array for PostgreSQL, its JSON text for SQLite. */
export function idList<T extends number | string>(db: Db, ids: readonly T[]): T[] | string {
  return isPostgres(db) ? [...ids] : JSON.stringify(ids);
}
