import { sql, type Expression, type SqlBool } from 'kysely';

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL, wildcards in the text escaped. */
export function containsIgnoreCase(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
