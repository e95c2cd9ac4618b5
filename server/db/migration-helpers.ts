import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from './database';

/** An auto-numbered integer primary key in the dialect at hand. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>, column: string) {
  return isPostgres(db)
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}
