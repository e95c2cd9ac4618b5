import { sql, type Selectable } from 'kysely';
import { priceDiscrepancies } from '../../src/domain/price-discrepancies';
import { fillRowJson } from '../../src/domain/schemas/product-fill';
import type {
  CategoryNode,
  ContractPrice,
  Meta,
  Product,
  ProductCategoryDescription,
  ProductWrapper,
  SellerPrice,
} from '../../src/domain/schemas/catalogue';
import type { ProductMetaTable, ProductsTable, SellerPricesTable } from '../db/tables/catalogue';
import { preparedQuery } from '../db/prepared-query';
import { revisionCacheOf } from '../http/read-cache';
import type { Tx } from '../sync/change-log';
import { groupBy } from '../sync/group-by';
import { chunks } from './changes';

/** What a product wrapper is made of: every column but the row's bookkeeping (id, search text, times, revision, tombstone). */
export const PRODUCT_COLUMNS = [
  'seller_key', 'product_code', 'description', 'long_description', 'other_name', 'unit_of_measure', 'flag_code', 'taxable',
  'lead_time', 'warrenty_period', 'unavailable_from_date', 'unavailable_to_date', 'chemical_classifications',
  'chem_management_platform_id', 'cas_numbers', 'dangerous_goods_flag', 'hazardous_material_flag', 'radio_active_flag',
  'weight', 'weight_unit', 'width', 'width_unit', 'height', 'height_unit', 'depth', 'depth_unit', 'length', 'length_unit',
  'message', 'comments', 'barcodes', 'urls', 'assets', 'catalog_code', 'class_code', 'category_code', 'group_code',
  'category_descriptions',
] as const satisfies ReadonlyArray<keyof ProductsTable>;

export type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]>;

/**
 * What a wrapper is made from: the product's stored wire JSON (`productWire`, written
 * with the row), its prices' (`pricesWire`, written with its prices) and the codes and names its breadcrumb is made of, which the buyer's
 * tree may rename so they are not part of the stored JSON.
 */
export const WRAPPER_COLUMNS = [
  'product_code', 'wire', 'prices_wire', 'catalog_code', 'class_code', 'category_code', 'group_code', 'category_descriptions',
] as const satisfies ReadonlyArray<keyof ProductsTable>;

export type WrapperRow = Pick<Selectable<ProductsTable>, (typeof WRAPPER_COLUMNS)[number]>;
type CategoryColumns = Pick<WrapperRow, 'catalog_code' | 'class_code' | 'category_code' | 'group_code' | 'category_descriptions'>;
export type MetaRow = Selectable<ProductMetaTable>;

const flag = (v: number | null) => (v === null ? null : v === 1);

/** Many products have no urls, assets or contract prices: an empty list is not worth a JSON parse. */
const parseList = (text: string): unknown[] => (text === '[]' ? [] : (JSON.parse(text) as unknown[]));

function toProduct(row: ProductRow): Product {
  return {
    productCode: row.product_code,
    sellerId: row.seller_key,
    description: row.description,
    longDescription: row.long_description,
    otherName: row.other_name,
    unitOfMeasure: row.unit_of_measure,
    flagCode: row.flag_code,
    taxable: row.taxable,
    leadTime: row.lead_time,
    warrentyPeriod: row.warrenty_period,
    unavailableFromDate: row.unavailable_from_date,
    unavailableToDate: row.unavailable_to_date,
    chemicalClassifications: row.chemical_classifications,
    chemManagementPlatformId: row.chem_management_platform_id,
    casNumbers: row.cas_numbers,
    dangerousGoodsFlag: flag(row.dangerous_goods_flag),
    hazardousMaterialFlag: flag(row.hazardous_material_flag),
    radioActiveFlag: flag(row.radio_active_flag),
    weight: row.weight,
    weightUnit: row.weight_unit,
    width: row.width,
    widthUnit: row.width_unit,
    height: row.height,
    heightUnit: row.height_unit,
    depth: row.depth,
    depthUnit: row.depth_unit,
    length: row.length,
    lengthUnit: row.length_unit,
    message: row.message,
    comments: row.comments,
    barcodes: parseList(row.barcodes) as Product['barcodes'],
    urls: parseList(row.urls) as Product['urls'],
    assets: parseList(row.assets) as Product['assets'],
  };
}

/**
 * A product's part of every wrapper, as JSON: the same for every viewer, so it is made
 * once when the row is written (every writer of `products` stores it in `wire`) and a
 * page of 500 is a string join instead of 500 objects built and written out.
 */
export const productWire = (row: ProductRow): string => JSON.stringify(toProduct(row));

/** A product's row of a fill chunk (src/domain/schemas/product-fill.ts), stored in `fill_wire` by every writer of `wire` or `prices_wire`. */
export const fillWire = (row: ProductRow, prices: readonly SellerPriceRow[]): string => fillRowJson(toProduct(row), prices.map(toSellerPrice));

const buyerSellerId = (buyerKey: string, sellerKey: string) => `${buyerKey}:${sellerKey}`;
/** The changes-feed key of a meta row. */
export const metaEntityKey = (buyerKey: string, sellerKey: string, productCode: string) => `${buyerKey}:${sellerKey}:${productCode}`;

/** The columns a Meta is made of: the feed and the product pages read only these. */
const META_COLUMNS = ['buyer_key', 'seller_key', 'product_code', 'excluded', 'contract_prices', 'last_exported_ms'] as const;


function toMeta(row: Pick<MetaRow, (typeof META_COLUMNS)[number]>): Meta {
  return {
    excluded: row.excluded === 1,
    productCode: row.product_code,
    buyerSellerId: buyerSellerId(row.buyer_key, row.seller_key),
    contractPrices: parseList(row.contract_prices) as ContractPrice[],
    lastExportedEpochMilliSeconds: row.last_exported_ms === null ? null : Number(row.last_exported_ms),
  };
}

/** The columns of a meta read for one buyer and seller: the feed's loader knows both keys. */
export const OWN_META_COLUMNS = ['product_code', 'excluded', 'contract_prices', 'last_exported_ms'] as const;

/**
 * The JSON of one buyer's Metas of one seller, each as JSON.stringify(toMeta(row)) writes
 * it, its contract prices written as stored: every writer of `contract_prices` stores
 * JSON.stringify's text, so parsing it to write it out again (a tenth of a changes-feed
 * page of metas) gives the same text.
 */
export function metaJsonOf(buyerKey: string, sellerKey: string): (row: Pick<MetaRow, (typeof OWN_META_COLUMNS)[number]>) => string {
  const owner = JSON.stringify(buyerSellerId(buyerKey, sellerKey));
  return (row) =>
    `{"excluded":${row.excluded === 1},"productCode":${JSON.stringify(row.product_code)},"buyerSellerId":${owner},` +
    `"contractPrices":${row.contract_prices},"lastExportedEpochMilliSeconds":${row.last_exported_ms === null ? 'null' : JSON.stringify(Number(row.last_exported_ms))}}`;
}

/**
 * The buyer's meta of a product read joined to the product (a product page, a fill chunk):
 * the meta's columns, null where the buyer has no meta of it (the left join found none).
 */
export function joinedMeta(
  buyerKey: string,
  sellerKey: string,
  productCode: string,
  row: { excluded: number | null; contract_prices: string | null; last_exported_ms: MetaRow['last_exported_ms'] },
): Meta {
  return toMeta({ buyer_key: buyerKey, seller_key: sellerKey, product_code: productCode, excluded: row.excluded ?? 0, contract_prices: row.contract_prices ?? '[]', last_exported_ms: row.last_exported_ms });
}

export function toSellerPrice(row: SellerPriceRow): SellerPrice {
  return {
    uom: row.uom,
    lowerQuantity: row.lower_quantity,
    upperQuantity: row.upper_quantity,
    price: row.price,
    startDate: row.start_date,
    currency: row.currency,
  };
}

export type SellerPriceRow = Omit<Selectable<SellerPricesTable>, 'id' | 'seller_key'>;

/** One product's seller prices (in the order they were written) as the wrapper's `prices` JSON. */
export const pricesWire = (rows: readonly SellerPriceRow[]): string => (rows.length ? JSON.stringify(rows.map(toSellerPrice)) : '[]');

/**
 * Rewrites the stored prices JSON of these products of one seller from seller_prices:
 * every writer of seller_prices calls it in the same transaction, after its writes.
 */
export async function rewritePricesWire(db: Tx, sellerKey: string, codes: readonly string[]): Promise<void> {
  for (const part of chunks(codes)) {
    const [rows, products] = await Promise.all([
      db
        .selectFrom('seller_prices')
        .select(['product_code', 'uom', 'lower_quantity', 'upper_quantity', 'price', 'start_date', 'currency'])
        .where('seller_key', '=', sellerKey)
        .where('product_code', 'in', part)
        .orderBy('id')
        .execute(),
      db.selectFrom('products').select(PRODUCT_COLUMNS).where('seller_key', '=', sellerKey).where('product_code', 'in', part).execute(),
    ]);
    const byProduct = groupBy(rows, (p) => p.product_code);
    for (const product of products) {
      const prices = byProduct.get(product.product_code) ?? [];
      await db
        .updateTable('products')
        .set({ prices_wire: pricesWire(prices), fill_wire: fillWire(product, prices) })
        .where('seller_key', '=', sellerKey)
        .where('product_code', '=', product.product_code)
        .execute();
    }
  }
}

type Level = keyof ProductCategoryDescription;
const LEVELS: Array<[Level, 'catalog_code' | 'class_code' | 'category_code' | 'group_code']> = [
  ['catalog', 'catalog_code'],
  ['class', 'class_code'],
  ['category', 'category_code'],
  ['group', 'group_code'],
];

/** Code -> description of every node of a buyer's category tree. */
function flattenTree(tree: readonly CategoryNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of tree) {
    into.set(node.code, node.description);
    flattenTree(node.children, into);
  }
  return into;
}

/** The breadcrumb: the buyer's own category names where its tree knows the code, the supplier's otherwise. */
export function categoryDescription(row: CategoryColumns, buyerNames: ReadonlyMap<string, string> | null): ProductCategoryDescription {
  const own = row.category_descriptions ? (JSON.parse(row.category_descriptions) as Partial<Record<Level, string>>) : {};
  const out = { catalog: null, class: null, category: null, group: null } as ProductCategoryDescription;
  for (const [level, column] of LEVELS) {
    const code = row[column];
    if (!code) continue;
    out[level] = { code, description: buyerNames?.get(code) ?? own[level] ?? code };
  }
  return out;
}

export const today = () => new Date().toISOString().slice(0, 10);

// The reads of every product page, each built and compiled once (db/prepared-query.ts).
export const uomMappingRows = preparedQuery((db, v: { sellerKey: string }) =>
  db
    .selectFrom('uom_mappings')
    .innerJoin('orgs', 'orgs.org_no', 'uom_mappings.org_no')
    .select(['uom_mappings.standard_unit', 'uom_mappings.code'])
    .where('orgs.unique_key', '=', v.sellerKey),
);
/**
 * The buyer's category tree (one row, or none) and the seller's UOM mapping (a row per
 * unit) in one read: a buyer's every page and chunk needs both, and on PostgreSQL each
 * read is a round trip, which costs the server more than either read itself.
 */
const buyerPageSettings = preparedQuery((db, v: { buyerKey: string; sellerKey: string }) =>
  db
    .selectFrom('category_trees')
    .select([sql<string>`'tree'`.as('kind'), 'tree as a', sql<string | null>`null`.as('b')])
    .where('buyer_key', '=', v.buyerKey)
    .unionAll(
      db
        .selectFrom('uom_mappings')
        .innerJoin('orgs', 'orgs.org_no', 'uom_mappings.org_no')
        .select([sql<string>`'uom'`.as('kind'), 'uom_mappings.standard_unit as a', 'uom_mappings.code as b'])
        .where('orgs.unique_key', '=', v.sellerKey),
    ),
);
async function uomMappingOf(db: Tx, sellerKey: string): Promise<Record<string, string>> {
  const rows = await uomMappingRows(db, { sellerKey });
  return Object.fromEntries(rows.map((r) => [r.standard_unit, r.code]));
}

/**
 * Buyer trees flattened, by their stored text: every product page parsed and flattened
 * the buyer's whole tree again (a tenth of a page's CPU). Keyed by the text itself, so
 * an edited tree is a new entry, never a stale one; a few trees are kept.
 */
const flattenedTrees = new Map<string, ReadonlyMap<string, string>>();
const FLATTENED_TREES_KEPT = 16;

function namesOfTree(tree: string): ReadonlyMap<string, string> {
  let names = flattenedTrees.get(tree);
  if (!names) {
    if (flattenedTrees.size >= FLATTENED_TREES_KEPT) flattenedTrees.clear();
    flattenedTrees.set(tree, (names = flattenTree(JSON.parse(tree) as CategoryNode[])));
  }
  return names;
}

/** What a page in a view needs besides its products: the seller's UOM mapping and, in a buyer's view, the buyer's category names (null without a tree). */
interface PageSettings {
  uomMapping: Record<string, string>;
  names: ReadonlyMap<string, string> | null;
}

/**
 * The settings of a page: one read in a buyer's view, the mapping alone in the seller's.
 * Given the revision counter as the request's session read saw it (PostgreSQL), read once
 * per revision and shared, never changed, by the requests that saw it: every writer of a
 * category tree or a UOM mapping (a request or a job, in any process) records a change,
 * which moves the counter (server/http/read-cache.ts).
 */
export async function pageSettingsOf(db: Tx, sellerKey: string, buyerKey: string | null, revisionSeen: string | number | null = null): Promise<PageSettings> {
  const cache = revisionSeen === null ? undefined : revisionCacheOf(db);
  if (!cache) return readPageSettings(db, sellerKey, buyerKey);
  return (await cache.through(`settings:${buyerKey ?? ''}:${sellerKey}\u0000${revisionSeen}`, () => readPageSettings(db, sellerKey, buyerKey)))!;
}

async function readPageSettings(db: Tx, sellerKey: string, buyerKey: string | null): Promise<PageSettings> {
  if (!buyerKey) return { uomMapping: await uomMappingOf(db, sellerKey), names: null };
  const uomMapping: Record<string, string> = {};
  let names: ReadonlyMap<string, string> | null = null;
  for (const row of await buyerPageSettings(db, { buyerKey, sellerKey })) {
    if (row.kind === 'tree') names = namesOfTree(row.a);
    else uomMapping[row.a] = row.b!;
  }
  return { uomMapping, names };
}

async function metasOf(db: Tx, buyerKey: string, sellerKey: string, codes: string[]): Promise<Map<string, Meta>> {
  const rows = await db
    .selectFrom('product_meta')
    .select(META_COLUMNS)
    .where('buyer_key', '=', buyerKey)
    .where('seller_key', '=', sellerKey)
    .where('product_code', 'in', codes)
    .where('deleted', '=', 0)
    .execute();
  return new Map(rows.map((m) => [m.product_code, toMeta(m)]));
}

/**
 * Product wrappers for a page of one supplier's products, each as its JSON text, with
 * two batched reads (the buyer's meta; category names and mapping together) however
 * long the page is, sent together so PostgreSQL answers them side by side; product and
 * prices are the row's. Without a buyer: the supplier's view. `known`: the buyer's
 * meta, read with the rows (a product page joins it), so it is not read again;
 * `revisionSeen`: as pageSettingsOf takes it. The
 * wrapper's fields are written by name in the schema's order; parts shared by many
 * products (mapping, breadcrumbs) are written out once.
 */
export async function wrapProductsJson(
  db: Tx,
  sellerKey: string,
  rows: WrapperRow[],
  buyerKey: string | null,
  known?: Map<string, Meta>,
  revisionSeen: string | number | null = null,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const [metas, { names, uomMapping }] = await Promise.all([
    known ?? (buyerKey ? metasOf(db, buyerKey, sellerKey, rows.map((r) => r.product_code)) : new Map<string, Meta>()),
    pageSettingsOf(db, sellerKey, buyerKey, revisionSeen),
  ]);
  const at = today();
  const mappingJson = JSON.stringify(uomMapping);
  // Products of one group share their breadcrumb: it is made (and its JSON parsed and written) once a page.
  const breadcrumbs = new Map<string, string>();
  const breadcrumbOf = (row: WrapperRow) => {
    const key = `${row.catalog_code}|${row.class_code}|${row.category_code}|${row.group_code}|${row.category_descriptions}`;
    let crumb = breadcrumbs.get(key);
    if (crumb === undefined) breadcrumbs.set(key, (crumb = JSON.stringify(categoryDescription(row, names))));
    return crumb;
  };
  return rows.map((row) => {
    const meta = metas.get(row.product_code) ?? null;
    // Only a buyer's curated products compare prices: the others' stay text.
    const discrepancies = meta ? priceDiscrepancies(JSON.parse(row.prices_wire) as SellerPrice[], meta.contractPrices, at) : [];
    return (
      `{"product":${row.wire},"meta":${JSON.stringify(meta)},"prices":${row.prices_wire},` +
      `"uomMapping":${mappingJson},"productCategoryDescription":${breadcrumbOf(row)},` +
      `"priceDiscrepancyTable":${discrepancies.length ? JSON.stringify(discrepancies) : '[]'}}`
    );
  });
}

/** The wrappers as values, for answers of one product or a few (a detail, the changes feed). */
export async function wrapProducts(
  db: Tx,
  sellerKey: string,
  rows: WrapperRow[],
  buyerKey: string | null,
): Promise<ProductWrapper[]> {
  return (await wrapProductsJson(db, sellerKey, rows, buyerKey)).map((json) => JSON.parse(json) as ProductWrapper);
}

/** `a%b_c` searched literally: LIKE wildcards in the user's text are escaped. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchText(code: string, description: string | null): string {
  return `${code} ${description ?? ''}`.toLowerCase();
}
