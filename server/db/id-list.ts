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
  return isPostgres(db) ? sql<boolean>`${sql.ref(column)} = any(${ids}::bigint[])` : sql<boolean>`${sql.ref(column)} in (select value from json_each(${ids}))`;
}

/** The value of an `inIdList` parameter: an array for PostgreSQL, its JSON text for SQLite. */
export function idList(db: Db, ids: readonly number[]): number[] | string {
  return isPostgres(db) ? [...ids] : JSON.stringify(ids);
}

/** `column in (texts)` as `inIdList` does it for ids: the whole list as one parameter, filled by `textList`. */
export function inTextList(db: Db, column: string, texts: unknown): RawBuilder<boolean> {
  return isPostgres(db) ? sql<boolean>`${sql.ref(column)} = any(${texts}::text[])` : sql<boolean>`${sql.ref(column)} in (select value from json_each(${texts}))`;
}

/** The value of an `inTextList` parameter: an array for PostgreSQL, its JSON text for SQLite. */
export function textList(db: Db, texts: readonly string[]): string[] | string {
  return isPostgres(db) ? [...texts] : JSON.stringify(texts);
}
