import { priceDiscrepancies } from '../../src/domain/price-discrepancies';
import type { ProductCategoryDescription, SellerPrice } from '../../src/domain/schemas/catalogue';
import { encodeFillChunk, FILL_CHUNK_MAX, type FillChunkParts, type FillRange } from '../../src/domain/schemas/product-fill';
import { badRequest } from '../http/errors';
import type { Tx } from '../sync/change-log';
import { categoryDescription, META_COLUMNS, pageSettingsOf, today, toMeta } from './products';

const CATEGORY_COLUMNS = ['catalog_code', 'class_code', 'category_code', 'group_code', 'category_descriptions'] as const;

/**
 * One chunk of a fill (fill-plan.ts): the products with codes in [from, to) in code
 * order, as the compact answer of src/domain/schemas/product-fill.ts. Each product's
 * row with its prices is stored with it (`fill_wire`, the same in every view), so the
 * chunk is one range read and a string join; meta is one range read too, and the
 * mapping, the buyer's category names and every breadcrumb are written once a chunk.
 * Without a buyer: the supplier's view (no meta, no discrepancies). A range holding
 * more than FILL_CHUNK_MAX products (the catalogue grew since the plan) is refused:
 * the browser plans again.
 */
export async function fillChunkJson(db: Tx, sellerKey: string, buyerKey: string | null, range: FillRange): Promise<string> {
  let products = db
    .selectFrom('products')
    .select(['product_code', 'fill_wire', ...CATEGORY_COLUMNS])
    .where('seller_key', '=', sellerKey)
    .where('deleted', '=', 0);
  // The seller's prices are read only beside a meta: only curated products compare
  // prices, and reading every product's prices cost a third of the range read.
  let metas = db
    .selectFrom('product_meta as m')
    .innerJoin('products as p', (join) => join.onRef('p.seller_key', '=', 'm.seller_key').onRef('p.product_code', '=', 'm.product_code'))
    .select([...META_COLUMNS.map((c) => `m.${c}` as const), 'p.prices_wire'])
    .where('m.buyer_key', '=', buyerKey ?? '')
    .where('m.seller_key', '=', sellerKey)
    .where('m.deleted', '=', 0)
    .where('p.deleted', '=', 0);
  if (range.from !== undefined) {
    products = products.where('product_code', '>=', range.from);
    metas = metas.where('m.product_code', '>=', range.from);
  }
  if (range.to !== undefined) {
    products = products.where('product_code', '<', range.to);
    metas = metas.where('m.product_code', '<', range.to);
  }
  const [rows, metaRows, { names, uomMapping }] = await Promise.all([
    products.orderBy('product_code').limit(FILL_CHUNK_MAX + 1).execute(),
    buyerKey ? metas.execute() : [],
    pageSettingsOf(db, sellerKey, buyerKey),
  ]);
  if (rows.length > FILL_CHUNK_MAX) throw badRequest([`range: more than ${FILL_CHUNK_MAX} products`]);

  const crumbs: ProductCategoryDescription[] = [];
  const crumbAt = new Map<string, number>();
  const parts: FillChunkParts = { uomMapping, crumbs, rows: [], metas: [] };
  const rowOf = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.catalog_code}|${row.class_code}|${row.category_code}|${row.group_code}|${row.category_descriptions}`;
    let crumb = crumbAt.get(key);
    if (crumb === undefined) {
      crumbAt.set(key, (crumb = crumbs.length));
      crumbs.push(categoryDescription(row, names));
    }
    rowOf.set(row.product_code, parts.rows.length);
    parts.rows.push({ json: row.fill_wire, crumb });
  }
  const at = today();
  for (const m of metaRows) {
    const row = rowOf.get(m.product_code);
    if (row === undefined) continue;
    const meta = toMeta(m);
    // Only a buyer's curated products compare prices: the others' stay text.
    const sellerPrices = JSON.parse(m.prices_wire) as SellerPrice[];
    parts.metas.push({ row, meta, discrepancies: priceDiscrepancies(sellerPrices, meta.contractPrices, at) });
  }
  return encodeFillChunk(parts);
}
