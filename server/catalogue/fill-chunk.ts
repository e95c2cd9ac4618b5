import { priceDiscrepancies } from '../../src/domain/price-discrepancies';
import type { ContractPrice, ProductCategoryDescription, SellerPrice } from '../../src/domain/schemas/catalogue';
import { encodeFillChunk, FILL_CHUNK_MAX, fillMetaJson, type FillChunkParts, type FillRange } from '../../src/domain/schemas/product-fill';
import { preparedQuery } from '../db/prepared-query';
import { badRequest } from '../http/errors';
import type { Tx } from '../sync/change-log';
import { buyerCategoryNames, categoryDescription, today, uomMappingOf } from './products';

const CATEGORY_COLUMNS = ['catalog_code', 'class_code', 'category_code', 'group_code', 'category_descriptions'] as const;

type Bounds = { from: string; to: string };

/**
 * The range reads, built and compiled once each (db/prepared-query.ts): a chunk with no
 * lower or upper bound is another SQL text, so each of the four shapes is its own query.
 */
function rangeReads(lower: boolean, upper: boolean) {
  const products = preparedQuery((db, v: Bounds & { sellerKey: string; limit: number }) => {
    let q = db.selectFrom('products').select(['product_code', 'fill_wire', 'prices_wire', ...CATEGORY_COLUMNS]).where('seller_key', '=', v.sellerKey).where('deleted', '=', 0);
    if (lower) q = q.where('product_code', '>=', v.from);
    if (upper) q = q.where('product_code', '<', v.to);
    return q.orderBy('product_code').limit(v.limit);
  });
  // In code order, as the products are: the two lists are merged, not looked up by code.
  const metas = preparedQuery((db, v: Bounds & { sellerKey: string; buyerKey: string }) => {
    let q = db
      .selectFrom('product_meta')
      .select(['product_code', 'excluded', 'contract_prices', 'last_exported_ms'])
      .where('buyer_key', '=', v.buyerKey)
      .where('seller_key', '=', v.sellerKey)
      .where('deleted', '=', 0);
    if (lower) q = q.where('product_code', '>=', v.from);
    if (upper) q = q.where('product_code', '<', v.to);
    return q.orderBy('product_code');
  });
  return { products, metas };
}

const READS = [rangeReads(false, false), rangeReads(false, true), rangeReads(true, false), rangeReads(true, true)];
const readsOf = (range: FillRange) => READS[(range.from !== undefined ? 2 : 0) + (range.to !== undefined ? 1 : 0)]!;

/**
 * One chunk of a fill (fill-plan.ts): the products with codes in [from, to) in code
 * order, as the compact answer of src/domain/schemas/product-fill.ts. Each product's
 * row with its prices is stored with it (`fill_wire`, the same in every view), so the
 * chunk is one range read and a string join; meta is one range read too, merged with
 * the products in code order and written as text, and the mapping, the buyer's
 * category names and every breadcrumb are written once a chunk.
 * Without a buyer: the supplier's view (no meta, no discrepancies). A range holding
 * more than FILL_CHUNK_MAX products (the catalogue grew since the plan) is refused:
 * the browser plans again.
 */
export async function fillChunkJson(db: Tx, sellerKey: string, buyerKey: string | null, range: FillRange): Promise<string> {
  const reads = readsOf(range);
  const bounds = { from: range.from ?? '', to: range.to ?? '' };
  const [rows, metaRows, names, uomMapping] = await Promise.all([
    reads.products(db, { ...bounds, sellerKey, limit: FILL_CHUNK_MAX + 1 }),
    buyerKey ? reads.metas(db, { ...bounds, sellerKey, buyerKey }) : [],
    buyerKey ? buyerCategoryNames(db, buyerKey) : null,
    uomMappingOf(db, sellerKey),
  ]);
  if (rows.length > FILL_CHUNK_MAX) throw badRequest([`range: more than ${FILL_CHUNK_MAX} products`]);

  const crumbs: ProductCategoryDescription[] = [];
  const crumbAt = new Map<string, number>();
  const parts: FillChunkParts = { uomMapping, crumbs, rows: [], metas: [] };
  for (const row of rows) {
    const key = `${row.catalog_code}|${row.class_code}|${row.category_code}|${row.group_code}|${row.category_descriptions}`;
    let crumb = crumbAt.get(key);
    if (crumb === undefined) {
      crumbAt.set(key, (crumb = crumbs.length));
      crumbs.push(categoryDescription(row, names));
    }
    parts.rows.push({ json: row.fill_wire, crumb });
  }
  const at = today();
  let row = 0;
  for (const m of metaRows) {
    while (row < rows.length && rows[row]!.product_code < m.product_code) row += 1;
    if (row === rows.length) break;
    if (rows[row]!.product_code !== m.product_code) continue;
    // Only a buyer's priced products compare prices: the others' stay text.
    const contractPrices = m.contract_prices === '[]' ? [] : (JSON.parse(m.contract_prices) as ContractPrice[]);
    const discrepancies = contractPrices.length ? priceDiscrepancies(JSON.parse(rows[row]!.prices_wire) as SellerPrice[], contractPrices, at) : [];
    const lastExported = m.last_exported_ms === null ? null : Number(m.last_exported_ms);
    parts.metas.push(fillMetaJson(row, m.excluded === 1, contractPrices, lastExported, discrepancies));
  }
  return encodeFillChunk(parts);
}
