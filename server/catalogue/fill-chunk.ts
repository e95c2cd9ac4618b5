import { sql } from 'kysely';
import type { ProductCategoryDescription } from '../../src/domain/schemas/catalogue';
import { encodeFillChunk, FILL_CHUNK_MAX, type FillChunkParts, type FillRange } from '../../src/domain/schemas/product-fill';
import { isPostgres, type Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import { badRequest } from '../http/errors';
import type { Tx } from '../sync/change-log';
import { categoryDescription, joinedMeta, pageSettingsOf } from './products';

const CATEGORY_COLUMNS = ['catalog_code', 'class_code', 'category_code', 'group_code', 'category_descriptions'] as const;

/**
 * A product's breadcrumb columns as one JSON array text (`crumb`), made by the database
 * and parsed only for a breadcrumb the chunk has not met yet: a chunk's thousands of
 * products share a few dozen breadcrumbs, and reading the five columns of every row was
 * a third of the range read on SQLite (JSON, unlike a joined text, cannot mistake one
 * set of columns for another).
 */
function crumbOf(db: Db, table: 'p' | 'products') {
  const columns = sql.join(CATEGORY_COLUMNS.map((c) => sql.ref(`${table}.${c}`)));
  return (isPostgres(db) ? sql<string>`json_build_array(${columns})::text` : sql<string>`json_array(${columns})`).as('crumb');
}

/** The breadcrumb of a `crumb` text, the buyer's category names laid over it (products.ts). */
function crumbDescription(crumb: string, names: ReadonlyMap<string, string> | null): ProductCategoryDescription {
  const [catalog_code, class_code, category_code, group_code, category_descriptions] = JSON.parse(crumb) as [string | null, string | null, string | null, string | null, string | null];
  return categoryDescription({ catalog_code, class_code, category_code, group_code, category_descriptions }, names);
}

/** A type, not an interface: prepared queries take their values as a record. */
type ChunkValues = { sellerKey: string; buyerKey: string; from: string; to: string; limit: number };
type Bounds = 'start-end' | 'from-end' | 'start-to' | 'from-to';

/** The products of a range in the supplier's view: one query per kind of range, each compiled once. */
function chunkQuery(from: boolean, to: boolean) {
  return preparedQuery((db, v: ChunkValues) => {
    let q = db.selectFrom('products').select(['product_code', 'fill_wire', crumbOf(db, 'products')]).where('seller_key', '=', v.sellerKey).where('deleted', '=', 0);
    if (from) q = q.where('product_code', '>=', v.from);
    if (to) q = q.where('product_code', '<', v.to);
    return q.orderBy('product_code').limit(v.limit);
  });
}

/**
 * The same in a buyer's view, each product with the buyer's meta of it in the same read
 * (the key is unique, so a product is one row): on PostgreSQL a read of the metas of
 * their own was a round trip more. `meta_code` is null where the buyer has no meta.
 */
function buyerChunkQuery(from: boolean, to: boolean) {
  return preparedQuery((db, v: ChunkValues) => {
    let q = db
      .selectFrom('products as p')
      .leftJoin('product_meta as m', (join) =>
        join.onRef('m.product_code', '=', 'p.product_code').on('m.buyer_key', '=', v.buyerKey).on('m.seller_key', '=', v.sellerKey).on('m.deleted', '=', 0),
      )
      .select([
        'p.product_code',
        'p.fill_wire',
        crumbOf(db, 'p'),
        'm.excluded',
        'm.contract_prices',
        'm.last_exported_ms',
        'm.product_code as meta_code',
      ])
      .where('p.seller_key', '=', v.sellerKey)
      .where('p.deleted', '=', 0);
    if (from) q = q.where('p.product_code', '>=', v.from);
    if (to) q = q.where('p.product_code', '<', v.to);
    return q.orderBy('p.product_code').limit(v.limit);
  });
}

/** A query for each kind of range: from the start or a code, to the end or a code. */
const byBounds = <Q>(make: (from: boolean, to: boolean) => Q): Record<Bounds, Q> => ({
  'start-end': make(false, false),
  'from-end': make(true, false),
  'start-to': make(false, true),
  'from-to': make(true, true),
});

const CHUNK_QUERIES = byBounds(chunkQuery);
const BUYER_CHUNK_QUERIES = byBounds(buyerChunkQuery);

type ChunkRow = Awaited<ReturnType<(typeof CHUNK_QUERIES)[Bounds]>>[number];
type BuyerChunkRow = Awaited<ReturnType<(typeof BUYER_CHUNK_QUERIES)[Bounds]>>[number];

/**
 * One chunk of a fill (fill-plan.ts): the products with codes in [from, to) in code
 * order, as the compact answer of src/domain/schemas/product-fill.ts. Each product's
 * row with its prices is stored with it (`fill_wire`, the same in every view), so the
 * chunk is one range read (the buyer's meta joined to it) and a string join, and the
 * mapping, the buyer's category names and every breadcrumb are written once a chunk.
 * Without a buyer: the supplier's view (no meta). No price discrepancies: the row's
 * prices and the meta's contract prices are both in the chunk, and the browser compares
 * them for the rows it shows (shownDiscrepancies, src/domain/product-display.ts);
 * comparing them here, with each curated product's prices read a second time, cost a
 * third of a buyer's chunk. A range holding
 * more than FILL_CHUNK_MAX products (the catalogue grew since the plan) is refused:
 * the browser plans again. `revisionSeen`: as pageSettingsOf (products.ts) takes it.
 */
export async function fillChunkJson(db: Tx, sellerKey: string, buyerKey: string | null, range: FillRange, revisionSeen: string | number | null = null): Promise<string> {
  const bounds = `${range.from === undefined ? 'start' : 'from'}-${range.to === undefined ? 'end' : 'to'}` as const;
  const values = { sellerKey, buyerKey: buyerKey ?? '', from: range.from ?? '', to: range.to ?? '', limit: FILL_CHUNK_MAX + 1 };
  const read: Promise<Array<ChunkRow | BuyerChunkRow>> = buyerKey ? BUYER_CHUNK_QUERIES[bounds](db, values) : CHUNK_QUERIES[bounds](db, values);
  const [rows, { names, uomMapping }] = await Promise.all([
    read,
    pageSettingsOf(db, sellerKey, buyerKey, revisionSeen),
  ]);
  if (rows.length > FILL_CHUNK_MAX) throw badRequest([`range: more than ${FILL_CHUNK_MAX} products`]);

  const crumbs: ProductCategoryDescription[] = [];
  const crumbAt = new Map<string, number>();
  const parts: FillChunkParts = { uomMapping, crumbs, rows: [], metas: [] };
  for (const row of rows) {
    let crumb = crumbAt.get(row.crumb);
    if (crumb === undefined) {
      crumbAt.set(row.crumb, (crumb = crumbs.length));
      crumbs.push(crumbDescription(row.crumb, names));
    }
    parts.rows.push({ json: row.fill_wire, crumb });
    if (!buyerKey || !('meta_code' in row) || row.meta_code === null) continue;
    parts.metas.push({ row: parts.rows.length - 1, meta: joinedMeta(buyerKey, sellerKey, row.product_code, row) });
  }
  return encodeFillChunk(parts);
}
