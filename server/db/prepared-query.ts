import type { Compilable, CompiledQuery } from 'kysely';
import { isPostgres, type Db } from './database';

/** A value left open when the query is compiled, filled in on each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * The open values a query is built with: each property read gives that name's slot.
 * Typed as the values themselves, so the builder type-checks the query as usual.
 */
const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) });

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** Per parameter of the SQL: the name of the value that fills it, or null for a value fixed at compile time. */
  names: Array<string | null>;
}

/**
 * A hot query built and compiled once per kind of database, then run with new values, in a
 * transaction or not (the SQL depends on the dialect only): building
 * a Kysely query (frozen node trees, one clone per method call) and compiling it to SQL
 * cost more than SQLite's own work on a small page, and the same SQL text finds its
 * prepared statement again without being hashed afresh. Only values passed as plain
 * parameters may be left open; the shape of the SQL (which conditions, an `in` list's
 * length) must not depend on them.
 */
export function preparedQuery<V extends Record<string, unknown>, O>(build: (db: Db, values: V) => Compilable<O>): (db: Db, values: V) => Promise<O[]> {
  const compiled = new Map<boolean, Compiled<O>>();
  return async (db, values) => {
    const postgres = isPostgres(db);
    let entry = compiled.get(postgres);
    if (!entry) {
      const query = build(db, slots as V).compile();
      entry = { query, names: query.parameters.map((p) => (p instanceof Slot ? p.name : null)) };
      compiled.set(postgres, entry);
    }
    const { query, names } = entry;
    const parameters = names.map((name, i) => (name === null ? query.parameters[i] : values[name]));
    const result = await db.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}
