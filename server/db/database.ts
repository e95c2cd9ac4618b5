import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema';
import { checkpointInBackground } from './wal-checkpoints';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Connections kept to PostgreSQL; DEFAULT_POOL_SIZE when absent. */
  databasePoolSize?: number;
  dataDir: string;
  /** ':memory:' for tests. */
  sqliteFile?: string;
}

/** Connections one process keeps to PostgreSQL: see the README's measured pool sizes. */
const DEFAULT_POOL_SIZE = 10;

export function createDatabase(opts: DatabaseOptions): Db {
  if (opts.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(new pg.Pool({ connectionString: opts.databaseUrl, max: opts.databasePoolSize ?? DEFAULT_POOL_SIZE })) }),
    });
  }
  const file = opts.sqliteFile ?? join(opts.dataDir, 'portal.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers go on while the single writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // In WAL mode NORMAL syncs at checkpoints rather than on every commit: a power cut may
  // lose the last commits but never corrupts the file, and a burst of small writes (a
  // shift's tablets draining their outboxes) no longer waits for the disk once each.
  sqlite.pragma('synchronous = NORMAL');
  // Reads served from the OS page cache through a memory map instead of read() calls,
  // and a page cache of 64 MB (the default is 2 MB) so hot indexes stay in memory.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -65536');
  const stopCheckpoints = sqlite.memory ? () => undefined : checkpointInBackground(sqlite, file);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, stopCheckpoints) }) });
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query afresh, and preparing is the largest
 * single cost of a small request. The same SQL text always yields the same plan, so
 * prepared statements are kept (least recently used dropped first). Kysely only
 * iterates a statement for streamed queries, which nothing here uses, so a cached
 * statement is never busy when it is handed out again.
 */
function withStatementCache(sqlite: SQLite.Database, beforeClose: () => void): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      beforeClose();
      sqlite.close();
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = withRowBuilder(sqlite.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * better-sqlite3 builds each row object property by property through the V8 API, which
 * costs more than running the query itself once a page has a few hundred values (a
 * profile of the hot reads showed it as the largest single cost). Rows are read as
 * arrays instead and turned into objects by a function compiled once per statement
 * from its column names: one object literal, so every row shares one hidden class.
 * Same values, same keys, same order; a repeated column name keeps the last value, as
 * better-sqlite3 does.
 */
function withRowBuilder(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const raw = statement.raw(true);
  const names = raw.columns().map((c) => c.name);
  // The column names are written as JSON string literals, so no name can be read as code.
  const toRow = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (values: unknown[]) => unknown;
  return {
    reader: true,
    all: (parameters) => (raw.all(...parameters) as unknown[][]).map(toRow),
    run: (parameters) => raw.run(...parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(...parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

/** Distinct statements named, at most: each connection keeps every statement it prepared for as long as it lives. */
const NAMED_STATEMENT_LIMIT = 1000;

/**
 * node-postgres sends each query unnamed, so PostgreSQL parses and plans it afresh on
 * every run; on a small page that is most of the database's work, on the same cores
 * as the server. A named statement is parsed once per connection and then only bound
 * and executed. The same SQL text always gets the same name. Texts without parameters
 * go as before: they use the simple protocol, which allows several statements in one
 * text (migrations), and which a named statement would not.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < NAMED_STATEMENT_LIMIT) names.set(text, (name = `portal_${names.size}`));
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: string, values?: readonly unknown[]) => {
            const name = values?.length ? nameOf(text) : undefined;
            return name ? client.query({ name, text, values: [...values!] }) : client.query(text, values ? [...values] : undefined);
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export function isPostgres(db: { getExecutor(): { adapter: object } }): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}
