import type { Compilable, CompiledQuery } from 'kysely';
import { isPostgres, type Db } from './database';

/** A value left open when the query is compiled, filled in on each run: a value of its own, or a field of one of its rows. */
class Slot {
  constructor(
    readonly name: string,
    readonly row: number | null,
  ) {}
}

/**
 * The open values a query is built with: each property read gives that name's slot.
 * Typed as the values themselves, so the builder type-checks the query as usual.
 */
const slotsOf = (row: number | null) => new Proxy({}, { get: (_target, name) => new Slot(String(name), row) });
const slots = slotsOf(null);

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** Per parameter of the SQL: the slot that fills it, or null for a value fixed at compile time. */
  slots: Array<Slot | null>;
}

function compile<O>(query: Compilable<O>): Compiled<O> {
  const compiled = query.compile();
  return { query: compiled, slots: compiled.parameters.map((p) => (p instanceof Slot ? p : null)) };
}

async function run<O>(db: Db, { query, slots: open }: Compiled<O>, values: Record<string, unknown>, rows: ReadonlyArray<Record<string, unknown>> = []): Promise<O[]> {
  const parameters = open.map((slot, i) => (slot === null ? query.parameters[i] : slot.row === null ? values[slot.name] : rows[slot.row]![slot.name]));
  const result = await db.executeQuery<O>({ ...query, parameters });
  return result.rows;
}

/**
 * A hot query built and compiled once per kind of database, then run with new values, in a
 * transaction or not (the SQL depends on the dialect only): building
 * a Kysely query (frozen node trees, one clone per method call) and compiling it to SQL
 * cost more than SQLite's own work on a small page, and the same SQL text finds its
 * prepared statement again without being hashed afresh. Only values passed as plain
 * parameters may be left open; the shape of the SQL (which conditions, an `in` list's
 * length) must not depend on them: see preparedRowsQuery for that.
 */
export function preparedQuery<V extends Record<string, unknown>, O>(build: (db: Db, values: V) => Compilable<O>): (db: Db, values: V) => Promise<O[]> {
  const compiled = new Map<boolean, Compiled<O>>();
  return async (db, values) => {
    const postgres = isPostgres(db);
    let entry = compiled.get(postgres);
    if (!entry) {
      entry = compile(build(db, slots as V));
      compiled.set(postgres, entry);
    }
    return run(db, entry, values);
  };
}

/**
 * preparedQuery for a query whose SQL grows with a number of rows (a multi-row insert, an
 * `in` list): compiled once per kind of database and number of rows, each row's fields
 * read from `rows`. The caller bounds the number of rows (a chunk size), and so how many
 * shapes are kept.
 */
export function preparedRowsQuery<R extends object, V extends Record<string, unknown>, O>(
  build: (db: Db, rows: R[], values: V) => Compilable<O>,
): (db: Db, rows: R[], values: V) => Promise<O[]> {
  const compiled = new Map<string, Compiled<O>>();
  return async (db, rows, values) => {
    const key = `${isPostgres(db)}/${rows.length}`;
    let entry = compiled.get(key);
    if (!entry) {
      entry = compile(build(db, rows.map((_, i) => slotsOf(i) as R), slots as V));
      compiled.set(key, entry);
    }
    return run(db, entry, values, rows as ReadonlyArray<Record<string, unknown>>);
  };
}
