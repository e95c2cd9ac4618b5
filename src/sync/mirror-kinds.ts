import { ApiError } from '../api/api-error';
import type { CallOptions, ListPage, Row } from '../api/mirror-calls';
import { PAGE_SIZE } from '../domain/constants';
import type { OrgPathKind } from '../domain/roles';
import { applyRows, type ApplyMode } from './apply-rows';
import type { ChunkSearchText } from './product-search';
import { parseScope, type Scope } from './scope';
import type { RowWrite } from './split-row';
import type { MirrorRow } from './rows';
import { mirrorTable, type MirrorTable, type SyncDb } from './store-schema';

/**
 * The shapes of on-demand mirroring: what a screen is about to show (a list page or
 * one detail), fetched and written into the store. Any tab may do this (it only reads
 * from the server and writes idempotently), so a list in a follower tab does not wait
 * for the leader. Most kinds are declarations (`offsetList`, `cursorList`, `detail`)
 * in mirror-lists.ts; the registry (mirror-registry.ts) names every kind.
 */
export interface MirrorContext {
  db: SyncDb;
  fetch: typeof fetch;
  /** Told a catalogue fill's chunks once readers see them (the engine's product search keeps their text). */
  onFillShown?: (scope: string, sellerId: string, chunks: readonly ChunkSearchText[]) => void;
}

/** One kind of mirroring: the context, then what the screen passes. */
export type Mirror<Args extends unknown[], Result> = (ctx: MirrorContext, ...args: Args) => Promise<Result>;

/** `full`: a whole page came back, so the next offset is `offset + limit` (the spec's paging rule). */
export interface OffsetPageResult {
  count: number;
  full: boolean;
}

export interface CursorPageResult {
  count: number;
  /** The cursor of the next page; null at the end. */
  next: string | null;
}

export function keyOf(row: Row, fields: readonly string[]): string {
  for (const field of fields) {
    const value = row[field];
    if (value !== undefined && value !== null) return String(value);
  }
  throw new Error(`A row without a key (${fields.join(', ')})`);
}

export const revOf = (row: Row) => (typeof row.rev === 'number' ? row.rev : 0);

function writesOf(table: MirrorTable, scope: string, rows: Row[], keyFields: readonly string[]): RowWrite[] {
  return rows.map((row) => ({ table, scope, key: keyOf(row, keyFields), rev: revOf(row), row }));
}

/** What every declared kind says: where its rows live and how they are keyed. */
interface RowsDeclaration<Args extends unknown[]> {
  /** The path kinds of the scopes the rows are kept under; another scope is refused before anything is fetched. */
  scopes: readonly OrgPathKind[];
  table: MirrorTable;
  /** The row fields that key it, the first one present winning. */
  key: readonly string[];
  /** Fields the store adds to each row (e.g. the account a user belongs to). */
  row?: (row: Row, ...args: Args) => Row;
}

function scopeOf(declaration: { scopes: readonly OrgPathKind[] }, scope: string): Scope {
  const parsed = parseScope(scope);
  if (!declaration.scopes.includes(parsed.kind)) throw new Error(`A list of ${declaration.scopes.join(' or ')} scopes asked for in ${scope}`);
  return parsed;
}

const shaped = <Args extends unknown[]>(declaration: RowsDeclaration<Args>, rows: Row[], args: Args) =>
  declaration.row ? rows.map((row) => declaration.row!(row, ...args)) : rows;

interface OffsetListDeclaration<Args extends unknown[]> extends RowsDeclaration<Args> {
  /** `merge` when the list rows lack the detail's fields (see apply-rows.ts). */
  mode: ApplyMode;
  /** Rows a page holds; PAGE_SIZE unless the spec says otherwise. */
  pageSize?: number;
  /** The API call of one page, its rows parsed with the entity's schema (src/api). */
  page(scope: Scope, query: { offset: number; limit: number }, call: CallOptions, ...args: Args): Promise<ListPage | Row[]>;
  /**
   * For a list the changes feed does not keep fresh in its scope: which held rows a page
   * asked with these arguments lists. A first page that came back short is all of them,
   * so a held row it lacks is gone (deleted, or renamed out of the filter).
   */
  covers?: (row: MirrorRow, ...args: Args) => boolean;
}

/** Deletes the held rows of a scope's table that `covers` says a whole answer would list, but for those it did. */
async function dropUnlisted(db: SyncDb, table: MirrorTable, scope: string, listed: Set<string>, covers: (row: MirrorRow) => boolean) {
  const held = await mirrorTable(db, table).where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
  await mirrorTable(db, table).bulkDelete(held.filter((row) => !listed.has(row.key) && covers(row)).map((row) => [scope, row.key] as [string, string]));
}

/** A list paged by offset: `(scope, offset, ...filters)` mirrors one page. */
export function offsetList<Args extends unknown[]>(declaration: OffsetListDeclaration<Args>): Mirror<[scope: string, offset: number, ...args: Args], OffsetPageResult> {
  const limit = declaration.pageSize ?? PAGE_SIZE;
  return async (ctx, scope, offset, ...args) => {
    const answer = await declaration.page(scopeOf(declaration, scope), { offset, limit }, { fetch: ctx.fetch }, ...args);
    const rows = shaped(declaration, Array.isArray(answer) ? answer : answer.rows, args);
    const writes = writesOf(declaration.table, scope, rows, declaration.key);
    const { covers } = declaration;
    const whole = covers && offset === 0 && rows.length < limit;
    await applyRows(
      ctx.db,
      writes,
      declaration.mode,
      whole ? () => dropUnlisted(ctx.db, declaration.table, scope, new Set(writes.map((w) => w.key)), (row) => covers(row, ...args)) : undefined,
    );
    return { count: rows.length, full: rows.length === limit };
  };
}

interface CursorListDeclaration<Args extends unknown[]> extends RowsDeclaration<Args> {
  page(scope: Scope, cursor: string | null, call: CallOptions, ...args: Args): Promise<ListPage>;
}

/** A list paged by cursor (the spec's `{data, cursor}` answers): `(scope, cursor, ...args)` mirrors one page, merged. */
export function cursorList<Args extends unknown[]>(declaration: CursorListDeclaration<Args>): Mirror<[scope: string, cursor: string | null, ...args: Args], CursorPageResult> {
  return async (ctx, scope, cursor, ...args) => {
    const page = await declaration.page(scopeOf(declaration, scope), cursor, { fetch: ctx.fetch }, ...args);
    const rows = shaped(declaration, page.rows, args);
    await applyRows(ctx.db, writesOf(declaration.table, scope, rows, declaration.key), 'merge');
    return { count: rows.length, next: page.cursor };
  };
}

interface DetailDeclaration extends RowsDeclaration<[]> {
  /** The statuses saying the record is not (or no longer) this organisation's. */
  gone: readonly number[];
  fetch(scope: Scope, id: string, call: CallOptions): Promise<Row>;
}

/**
 * One record, whole: `found: false` when the server answered one of the `gone` statuses,
 * and a held copy goes too, so the screen can say so. Any other failure (offline, 5xx)
 * rejects, and what the store holds stays.
 */
export function detail(declaration: DetailDeclaration): Mirror<[scope: string, id: string], { found: boolean }> {
  return async (ctx, scope, id) => {
    let row: Row;
    try {
      row = await declaration.fetch(scopeOf(declaration, scope), id, { fetch: ctx.fetch });
    } catch (error) {
      if (!(error instanceof ApiError) || !declaration.gone.includes(error.status)) throw error;
      await applyRows(ctx.db, [{ table: declaration.table, scope, key: id, rev: 0, row: null }], 'replace');
      return { found: false };
    }
    await applyRows(ctx.db, writesOf(declaration.table, scope, shaped(declaration, [row], []), declaration.key), 'replace');
    return { found: true };
  };
}
