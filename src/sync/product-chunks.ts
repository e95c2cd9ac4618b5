import type { Row } from '../api/mirror-calls';
import type { Meta } from '../domain/schemas/catalogue';
import { decodeFillMetas, decodeFillProducts, type FillChunk } from '../domain/schemas/product-fill';
import { HAYSTACK_SEPARATOR, productHaystack, type SearchedFields } from './product-haystack';
import type { ProductMetaRow, ProductRow } from './rows';
import { productKey, productMetaKey } from './row-keys';
import { parseScope } from './scope';
import type { ProductChunkRow, SyncDb } from './store-schema';
import { bumpTableVersion } from './table-version';

/**
 * How a seller's catalogue is held: in chunks, one record per fill chunk of up to a few
 * thousand products (or per spec list page: the screen's first 20), with the `products`
 * table as a per-row overlay that reads prefer.
 *
 * Why: IndexedDB costs about the same per record whatever its size, and one record per
 * product tops out near 5,500 rows/s on a small machine (18 s for 100,000). A chunk
 * lands in one put of one record, mostly strings (store-schema.ts says why): the compact
 * answer of the fill calls as sent (product-fill.ts), field names once per chunk, so
 * the bytes that are parsed, checked and written are a fraction of the spec's
 * wrappers'. A reader takes a whole catalogue in a few dozen reads.
 *
 * - A fill begins with the screen's first page, asks the server's plan for its key
 *   ranges beside it, and fetches several at once (mirror-fill.ts). Its chunks have ids
 *   `seller|fill|first code`, so they sort in code order under one key range, and a
 *   chunk is never rewritten: its id names its content (readers cache by id).
 * - Readers see the last complete fill, or the fill under way when there is none (the
 *   first page shows at once). A fill that completes replaces the one before in the
 *   same transaction, so a reader never sees half of one and half of another.
 * - The changes feed, the detail call, the server's search hits (for what no fill holds
 *   yet) and a 404 write single rows into `products` (a deletion as a `removed` row). Those rows win over the chunks until a fill that
 *   started after them completes: it holds what they said, so they go then.
 * - The buyer's metas of a fill chunk stay in the chunk (its answer holds them), not one
 *   record each: a third of a catalogue's products as records cost seconds. productMeta
 *   is their overlay: a row there (the changes feed, a detail call, the first page, an
 *   include) is laid over the chunk's meta of that product, field by field (heldMeta).
 *   The outbox overlay (overlay.ts) is unchanged and keeps exactly-once and rollback on
 *   those rows: an include on a product with no row writes a partial one (the command's
 *   fields) over the chunk's meta, and a refusal removes it, uncovering the chunk's.
 */

interface FillState {
  /** The last fill that reached the end of the catalogue. */
  complete: string | null;
  /** The fill under way. */
  current: string | null;
  /** The changes-feed cursor of the scope when `current` began: overlay rows up to it are older than the fill. */
  since: number;
}

/** Where a fill resumes: its id and the server's cursor of the next page. */
export interface FillPosition {
  fill: string;
  cursor: string;
}

const NO_FILL: FillState = { complete: null, current: null, since: 0 };
const stateKey = (scope: string, sellerId: string) => `productFill:${scope}|${sellerId}`;
const chunkPrefix = (sellerId: string, fill: string) => `${sellerId}|${fill}|`;
const HIGHEST = '\uffff';

async function fillState(db: SyncDb, scope: string, sellerId: string): Promise<FillState> {
  return ((await db.meta.get(stateKey(scope, sellerId)))?.value as FillState | undefined) ?? NO_FILL;
}

const shownFill = (state: FillState) => state.complete ?? state.current;

function fillRange(scope: string, sellerId: string, fill: string): [[string, string], [string, string]] {
  const prefix = chunkPrefix(sellerId, fill);
  return [
    [scope, prefix],
    [scope, prefix + HIGHEST],
  ];
}

async function dropFill(db: SyncDb, scope: string, sellerId: string, fill: string): Promise<void> {
  const [from, to] = fillRange(scope, sellerId, fill);
  await db.productChunks.where('[scope+id]').between(from, to).delete();
}

/**
 * One server page as a chunk takes it: its products (checked with the schema, read for
 * their keys and search text) and the answer's own text, which the chunk keeps as sent.
 * Writing the checked rows out again as JSON cost more than the rest of the fill.
 */
export interface ProductPageText {
  products: Array<SearchedFields & { productCode: string }>;
  /** The page's answer, `{data: wrapper[], cursor}`. */
  json: string;
}

const chunkOf = (scope: string, id: string, sellerId: string, page: ProductPageText): ProductChunkRow => ({
  scope,
  id,
  keys: page.products.map((p) => productKey(sellerId, p.productCode)),
  text: page.products.map(productHaystack).join(HAYSTACK_SEPARATOR),
  json: page.json,
});

/** A product wrapper laid flat as the store holds a product: its fields, prices and the rest beside them; the meta is kept apart. */
function flatProduct(scope: string, key: string, sellerId: string, rev: number, wrapper: Row): ProductRow {
  const { product, meta: _meta, ...rest } = wrapper;
  return { ...(product as Row), ...rest, sellerId, scope, key, rev };
}

/**
 * A chunk's rows. A chunk holds a fill chunk's compact answer (product-fill.ts), or
 * the spec's list page answer (the screen's first 20, and fills before the fill
 * calls), or (Dexie version 3 as first shipped) the flat rows themselves; each reads as it is.
 */
export function chunkRows(chunk: ProductChunkRow): ProductRow[] {
  const held = JSON.parse(chunk.json) as ProductRow[] | { data: Row[] } | FillChunk;
  return rowsOf(chunk, held, chunk.id.slice(0, chunk.id.indexOf('|')));
}

function rowsOf(chunk: ProductChunkRow, held: ProductRow[] | { data: Row[] } | FillChunk, sellerId: string): ProductRow[] {
  if (Array.isArray(held)) return held;
  const wrappers = 'rows' in held ? (decodeFillProducts(held, sellerId) as unknown as Row[]) : held.data;
  return wrappers.map((wrapper, i) => flatProduct(chunk.scope, chunk.keys[i]!, sellerId, 0, wrapper));
}

/** The buyer's metas a chunk holds, by product code (none in a seller's view). */
function chunkMetas(chunk: ProductChunkRow, held: ProductRow[] | { data: Row[] } | FillChunk, sellerId: string): Map<string, Meta> {
  const { kind, orgKey } = parseScope(chunk.scope);
  if (kind !== 'buyer' || Array.isArray(held)) return new Map();
  const metas = 'rows' in held ? decodeFillMetas(held, `${orgKey}:${sellerId}`) : held.data.flatMap((w) => (w.meta ? [w.meta as Meta] : []));
  return new Map(metas.map((m) => [m.productCode, m]));
}

/** A chunk's products and the buyer's metas of them, from one read of its JSON. */
function readChunk(chunk: ProductChunkRow): { rows: ProductRow[]; metas: Map<string, Meta> } {
  const held = JSON.parse(chunk.json) as ProductRow[] | { data: Row[] } | FillChunk;
  const sellerId = chunk.id.slice(0, chunk.id.indexOf('|'));
  return { rows: rowsOf(chunk, held, sellerId), metas: chunkMetas(chunk, held, sellerId) };
}

/** A meta as readers see it: the overlay row's fields over the chunk's meta; undefined when neither exists. */
function heldMetaRow(scope: string, sellerId: string, code: string, own: ProductMetaRow | undefined, chunk: Meta | undefined): ProductMetaRow | undefined {
  if (!chunk) return own;
  const key = productMetaKey(parseScope(scope).orgKey, sellerId, code);
  return { ...chunk, scope, key, rev: 0, ...own };
}

/**
 * The fill is complete: it replaces the one before, and overlay rows older than its
 * start go (it holds what they said). In the caller's transaction.
 */
async function completeFill(db: SyncDb, scope: string, sellerId: string, state: FillState, fill: string): Promise<void> {
  if (state.complete && state.complete !== fill) await dropFill(db, scope, sellerId, state.complete);
  const stale = await db.products
    .where('[scope+sellerId]')
    .equals([scope, sellerId])
    .filter((r) => r.rev <= state.since)
    .primaryKeys();
  await db.products.bulkDelete(stale);
  await db.meta.put({ key: stateKey(scope, sellerId), value: { complete: fill, current: null, since: state.since } });
}

/**
 * A fill call's chunk id ends with this, so it never names the same record as the
 * screen's first page it holds too (readers cache chunks by id); nobody's code has it.
 */
const FILL_CHUNK_MARK = '\u0000';

const putChunk = async (db: SyncDb, scope: string, sellerId: string, fill: string, page: ProductPageText, mark = '') => {
  const chunk = chunkOf(scope, chunkPrefix(sellerId, fill) + page.products[0]!.productCode + mark, sellerId, page);
  await db.productChunks.put(chunk);
  return chunk;
};

/**
 * Stores one page of a fill, inside the caller's read-write transaction (productChunks,
 * products, meta, cursors). `from` null begins a new fill (dropping a fill an earlier
 * visit left unfinished); `last` says the server has no page after this one. Answers
 * the fill's id, or null when another tab has begun a newer fill of this catalogue.
 */
export async function storeProductPage(
  db: SyncDb,
  scope: string,
  sellerId: string,
  from: FillPosition | null,
  page: ProductPageText,
  last: boolean,
): Promise<string | null> {
  const [state, cursor] = await Promise.all([fillState(db, scope, sellerId), db.cursors.get(scope)]);
  let next: FillState;
  if (from) {
    if (state.current !== from.fill) return null;
    next = { ...state };
  } else {
    if (state.current && state.current !== state.complete) await dropFill(db, scope, sellerId, state.current);
    next = { ...state, current: crypto.randomUUID(), since: cursor?.rev ?? 0 };
  }
  const fill = next.current!;
  if (page.products.length) await putChunk(db, scope, sellerId, fill, page);
  if (last) await completeFill(db, scope, sellerId, next, fill);
  else await db.meta.put({ key: stateKey(scope, sellerId), value: next });
  await bumpTableVersion(db, 'products');
  return fill;
}

/**
 * Stores one chunk of a fill that fetches its chunks side by side (the fill calls), in
 * the caller's read-write transaction; chunks land in any order, their ids keep code
 * order. Answers the chunk as stored (null for an empty range), or false when another
 * tab has begun a newer fill of this catalogue.
 */
export async function storeFillChunk(db: SyncDb, scope: string, sellerId: string, fill: string, page: ProductPageText): Promise<ProductChunkRow | null | false> {
  if ((await fillState(db, scope, sellerId)).current !== fill) return false;
  if (!page.products.length) return null;
  // A chunk of this fill within this one's codes (the screen's first page) goes: no product shows twice while the fill runs.
  const prefix = chunkPrefix(sellerId, fill);
  await db.productChunks
    .where('[scope+id]')
    .between([scope, prefix + page.products[0]!.productCode], [scope, prefix + page.products[page.products.length - 1]!.productCode], true, true)
    .delete();
  const chunk = await putChunk(db, scope, sellerId, fill, page, FILL_CHUNK_MARK);
  await bumpTableVersion(db, 'products');
  return chunk;
}

/**
 * Ends a fill whose chunks all landed: chunks of it that are not among `ids` (a chunk
 * an earlier try of this fill stored for a range that is now empty) go, and the fill
 * becomes the one readers see, in one transaction. False when another tab began a newer fill.
 */
export async function endFill(db: SyncDb, scope: string, sellerId: string, fill: string, ids: readonly string[]): Promise<boolean> {
  return db.transaction('rw', [db.productChunks, db.products, db.meta], async () => {
    const state = await fillState(db, scope, sellerId);
    if (state.current !== fill) return false;
    const keep = new Set(ids);
    const [from, to] = fillRange(scope, sellerId, fill);
    const own = await db.productChunks.where('[scope+id]').between(from, to).primaryKeys();
    await db.productChunks.bulkDelete(own.filter(([, id]) => !keep.has(id)));
    await completeFill(db, scope, sellerId, state, fill);
    await bumpTableVersion(db, 'products');
    return true;
  });
}

/**
 * Whether a fill of this catalogue reached its end on this device: the whole catalogue
 * is then held (the changes feed keeps it fresh), even while a newer fill is under way.
 */
export async function holdsWholeCatalogue(db: SyncDb, scope: string, sellerId: string): Promise<boolean> {
  return (await fillState(db, scope, sellerId)).complete !== null;
}

/** The ids of the chunks readers see, in code order. */
async function shownChunkIds(db: SyncDb, scope: string, sellerId: string): Promise<string[]> {
  const fill = shownFill(await fillState(db, scope, sellerId));
  if (!fill) return [];
  const [from, to] = fillRange(scope, sellerId, fill);
  const keys = await db.productChunks.where('[scope+id]').between(from, to).primaryKeys();
  return keys.map((k) => k[1]);
}

/** The chunk rows with the overlay laid over them: replaced, removed, and new rows merged in key order. */
function overlayRows(chunks: ProductRow[][], overlay: ProductRow[]): ProductRow[] {
  const own = new Map(overlay.map((r) => [r.key, r]));
  const out: ProductRow[] = [];
  const extra = overlay.filter((r) => !r.removed).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let e = 0;
  for (const chunk of chunks) {
    for (const row of chunk) {
      const mine = own.get(row.key);
      if (mine) continue;
      while (e < extra.length && extra[e]!.key < row.key) out.push(extra[e++]!);
      out.push(row);
    }
  }
  while (e < extra.length) out.push(extra[e++]!);
  return out;
}

/**
 * One seller's held catalogue as a reader sees it: the shown chunks, each read once
 * and kept as `T` (their content never changes), and the overlay rows, which are few.
 * So reading again after a page landed reads that page only.
 */
export class HeldChunks<T> {
  private readonly chunks: Map<string, T>;

  /** `given`: chunks kept without reading them back (those a fill in this worker just stored); they count only while shown. */
  constructor(
    private readonly db: SyncDb,
    readonly scope: string,
    readonly sellerId: string,
    private readonly keep: (chunk: ProductChunkRow) => T,
    given: Iterable<[string, T]> = [],
  ) {
    this.chunks = new Map(given);
  }

  /** How many chunks it keeps: stale ones would not change what read answers, only the memory held. */
  get size(): number {
    return this.chunks.size;
  }

  async read(): Promise<{ chunks: T[]; overlay: ProductRow[] }> {
    const { db, scope, sellerId } = this;
    const ids = await shownChunkIds(db, scope, sellerId);
    const missing = ids.filter((id) => !this.chunks.has(id));
    const [read, overlay] = await Promise.all([
      db.productChunks.bulkGet(missing.map((id) => [scope, id] as [string, string])),
      db.products.where('[scope+sellerId]').equals([scope, sellerId]).toArray(),
    ]);
    read.forEach((chunk, i) => chunk && this.chunks.set(missing[i]!, this.keep(chunk)));
    const shown = new Set(ids);
    for (const id of this.chunks.keys()) if (!shown.has(id)) this.chunks.delete(id);
    return { chunks: ids.flatMap((id) => (this.chunks.has(id) ? [this.chunks.get(id)!] : [])), overlay };
  }
}

/** The held catalogue's products in code order, the overlay laid over the chunks; in a buyer's view, with the buyer's metas. */
export class HeldCatalogue {
  private readonly held: HeldChunks<{ rows: ProductRow[]; metas: Map<string, Meta> }>;

  constructor(
    private readonly db: SyncDb,
    readonly scope: string,
    readonly sellerId: string,
  ) {
    this.held = new HeldChunks(db, scope, sellerId, readChunk);
  }

  async rows(): Promise<ProductRow[]> {
    const { chunks, overlay } = await this.held.read();
    return overlayRows(
      chunks.map((c) => c.rows),
      overlay,
    );
  }

  /** The products with their metas (each product's productMeta row over its chunk's meta, heldMetaRow); metas are null in a seller's view. */
  async withMetas(): Promise<Array<{ product: ProductRow; meta: ProductMetaRow | null }>> {
    const { scope, sellerId } = this;
    const { kind, orgKey } = parseScope(scope);
    const prefix = productMetaKey(orgKey, sellerId, '');
    const [{ chunks, overlay }, own] = await Promise.all([
      this.held.read(),
      kind === 'buyer'
        ? this.db.productMeta
            .where('[scope+key]')
            .between([scope, prefix], [scope, `${prefix}\uffff`])
            .toArray()
        : [],
    ]);
    const rows = overlayRows(
      chunks.map((c) => c.rows),
      overlay,
    );
    if (kind !== 'buyer') return rows.map((product) => ({ product, meta: null }));
    const mine = new Map(own.map((m) => [m.key.slice(prefix.length), m]));
    const fromChunks = new Map<string, Meta>();
    for (const c of chunks) for (const [code, meta] of c.metas) fromChunks.set(code, meta);
    return rows.map((product) => {
      const code = product.productCode ?? '';
      return { product, meta: heldMetaRow(scope, sellerId, code, mine.get(code), fromChunks.get(code)) ?? null };
    });
  }
}

/** The shown chunk that would hold a product: the one whose first code is the nearest at or below its code. */
async function chunkHolding(db: SyncDb, scope: string, sellerId: string, productCode: string): Promise<ProductChunkRow | undefined> {
  const fill = shownFill(await fillState(db, scope, sellerId));
  // Always awaited, whichever branch answers: see baseOrCurrent in overlay.ts.
  return fill
    ? await db.productChunks
        .where('[scope+id]')
        .between([scope, chunkPrefix(sellerId, fill)], [scope, chunkPrefix(sellerId, fill) + productCode + FILL_CHUNK_MARK], true, true)
        .last()
    : undefined;
}

/** One held product: its overlay row, else its chunk's. */
export async function heldProduct(db: SyncDb, scope: string, sellerId: string, productCode: string): Promise<ProductRow | undefined> {
  const key = productKey(sellerId, productCode);
  const [own, chunk] = await Promise.all([db.products.get([scope, key]), chunkHolding(db, scope, sellerId, productCode)]);
  if (own) return own.removed ? undefined : own;
  return chunk ? chunkRows(chunk).find((r) => r.key === key) : undefined;
}

/**
 * One held product and, in a buyer's view, the buyer's meta of it (its productMeta row
 * laid over its chunk's meta, heldMetaRow), from one read of its chunk.
 */
export async function heldItem(
  db: SyncDb,
  scope: string,
  sellerId: string,
  productCode: string,
): Promise<{ product: ProductRow | undefined; meta: ProductMetaRow | undefined }> {
  const key = productKey(sellerId, productCode);
  const { kind, orgKey } = parseScope(scope);
  const [own, ownMeta, chunk] = await Promise.all([
    db.products.get([scope, key]),
    kind === 'buyer' ? db.productMeta.get([scope, productMetaKey(orgKey, sellerId, productCode)]) : undefined,
    chunkHolding(db, scope, sellerId, productCode),
  ]);
  const held = chunk ? readChunk(chunk) : undefined;
  const product = own ? (own.removed ? undefined : own) : held?.rows.find((r) => r.key === key);
  const meta = kind === 'buyer' ? heldMetaRow(scope, sellerId, productCode, ownMeta, held?.metas.get(productCode)) : undefined;
  return { product, meta };
}

/** The buyer's meta of one held product (heldItem). */
export async function heldMeta(db: SyncDb, scope: string, sellerId: string, productCode: string): Promise<ProductMetaRow | undefined> {
  return (await heldItem(db, scope, sellerId, productCode)).meta;
}
