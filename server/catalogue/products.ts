import type { Selectable } from 'kysely';
import { priceDiscrepancies } from '../../src/domain/price-discrepancies';
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
import type { Tx } from '../sync/change-log';

export type ProductRow = Selectable<ProductsTable>;
export type MetaRow = Selectable<ProductMetaTable>;

const flag = (v: number | null) => (v === null ? null : v === 1);

export function toProduct(row: ProductRow): Product {
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
    barcodes: JSON.parse(row.barcodes) as Product['barcodes'],
    urls: JSON.parse(row.urls) as Product['urls'],
    assets: JSON.parse(row.assets) as Product['assets'],
  };
}

export const buyerSellerId = (buyerKey: string, sellerKey: string) => `${buyerKey}:${sellerKey}`;
/** The changes-feed key of a meta row. */
export const metaEntityKey = (buyerKey: string, sellerKey: string, productCode: string) => `${buyerKey}:${sellerKey}:${productCode}`;

export function toMeta(row: MetaRow): Meta {
  return {
    excluded: row.excluded === 1,
    productCode: row.product_code,
    buyerSellerId: buyerSellerId(row.buyer_key, row.seller_key),
    contractPrices: JSON.parse(row.contract_prices) as ContractPrice[],
    lastExportedEpochMilliSeconds: row.last_exported_ms === null ? null : Number(row.last_exported_ms),
  };
}

export function toSellerPrice(row: Selectable<SellerPricesTable>): SellerPrice {
  return {
    uom: row.uom,
    lowerQuantity: row.lower_quantity,
    upperQuantity: row.upper_quantity,
    price: row.price,
    startDate: row.start_date,
    currency: row.currency,
  };
}

type Level = keyof ProductCategoryDescription;
const LEVELS: Array<[Level, 'catalog_code' | 'class_code' | 'category_code' | 'group_code']> = [
  ['catalog', 'catalog_code'],
  ['class', 'class_code'],
  ['category', 'category_code'],
  ['group', 'group_code'],
];

/** Code -> description of every node of a buyer's category tree. */
export function flattenTree(tree: readonly CategoryNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of tree) {
    into.set(node.code, node.description);
    flattenTree(node.children, into);
  }
  return into;
}

/** The breadcrumb: the buyer's own category names where its tree knows the code, the supplier's otherwise. */
export function categoryDescription(row: ProductRow, buyerNames: Map<string, string> | null): ProductCategoryDescription {
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

async function uomMappingOf(db: Tx, sellerKey: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('uom_mappings')
    .innerJoin('orgs', 'orgs.org_no', 'uom_mappings.org_no')
    .select(['uom_mappings.standard_unit', 'uom_mappings.code'])
    .where('orgs.unique_key', '=', sellerKey)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.standard_unit, r.code]));
}

export async function buyerCategoryNames(db: Tx, buyerKey: string): Promise<Map<string, string> | null> {
  const row = await db.selectFrom('category_trees').select('tree').where('buyer_key', '=', buyerKey).executeTakeFirst();
  return row ? flattenTree(JSON.parse(row.tree) as CategoryNode[]) : null;
}

/**
 * Product wrappers for a page of one supplier's products, with three batched reads
 * (prices, meta, mapping) however long the page is. Without a buyer: the supplier's view.
 */
export async function wrapProducts(db: Tx, sellerKey: string, rows: ProductRow[], buyerKey: string | null): Promise<ProductWrapper[]> {
  if (rows.length === 0) return [];
  const codes = rows.map((r) => r.product_code);
  const priceRows = await db
    .selectFrom('seller_prices')
    .selectAll()
    .where('seller_key', '=', sellerKey)
    .where('product_code', 'in', codes)
    .orderBy('id')
    .execute();
  const prices = new Map<string, SellerPrice[]>();
  for (const p of priceRows) {
    const list = prices.get(p.product_code) ?? [];
    list.push(toSellerPrice(p));
    prices.set(p.product_code, list);
  }
  const metas = new Map<string, Meta>();
  let names: Map<string, string> | null = null;
  if (buyerKey) {
    const metaRows = await db
      .selectFrom('product_meta')
      .selectAll()
      .where('buyer_key', '=', buyerKey)
      .where('seller_key', '=', sellerKey)
      .where('product_code', 'in', codes)
      .where('deleted', '=', 0)
      .execute();
    for (const m of metaRows) metas.set(m.product_code, toMeta(m));
    names = await buyerCategoryNames(db, buyerKey);
  }
  const uomMapping = await uomMappingOf(db, sellerKey);
  const at = today();
  return rows.map((row) => {
    const meta = metas.get(row.product_code) ?? null;
    const sellerPrices = prices.get(row.product_code) ?? [];
    return {
      product: toProduct(row),
      meta,
      prices: sellerPrices,
      uomMapping,
      productCategoryDescription: categoryDescription(row, names),
      priceDiscrepancyTable: meta ? priceDiscrepancies(sellerPrices, meta.contractPrices, at) : [],
    };
  });
}

/** `a%b_c` searched literally: LIKE wildcards in the user's text are escaped. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchText(code: string, description: string | null): string {
  return `${code} ${description ?? ''}`.toLowerCase();
}
