import type { Generated } from 'kysely';

/** A supplier's product; every field of the spec's Product, volumetrics each with a unit. */
export interface ProductsTable {
  id: Generated<number>;
  seller_key: string;
  product_code: string;
  description: string | null;
  long_description: string | null;
  other_name: string | null;
  unit_of_measure: string | null;
  flag_code: string | null;
  taxable: string | null;
  lead_time: number | null;
  warrenty_period: number | null;
  unavailable_from_date: string | null;
  unavailable_to_date: string | null;
  chemical_classifications: string | null;
  chem_management_platform_id: string | null;
  cas_numbers: string | null;
  dangerous_goods_flag: number | null;
  hazardous_material_flag: number | null;
  radio_active_flag: number | null;
  weight: number | null;
  weight_unit: string | null;
  width: number | null;
  width_unit: string | null;
  height: number | null;
  height_unit: string | null;
  depth: number | null;
  depth_unit: string | null;
  length: number | null;
  length_unit: string | null;
  message: string | null;
  comments: string | null;
  /** JSON arrays: [{uom, code, type}], [{url, notes}], [{type, downloadUrl}]. */
  barcodes: string;
  urls: string;
  assets: string;
  /** The four category levels (catalog > class > category > group) as codes, and their descriptions as JSON. */
  catalog_code: string | null;
  class_code: string | null;
  category_code: string | null;
  group_code: string | null;
  category_descriptions: string | null;
  /** Lower-cased code and description: what `q` searches. */
  search: string;
  /** The product's JSON as every wrapper holds it (catalogue/products.ts productWire), written with the row. */
  wire: string;
  /** Its seller prices as the wrapper's `prices` JSON (pricesWire), rewritten by every writer of seller_prices. */
  prices_wire: string;
  /** Its row of a fill chunk with its prices (fillWire), rewritten with `wire` and `prices_wire`. */
  fill_wire: string;
  updated_at: string;
  rev: number;
  deleted: number;
}

export interface SellerPricesTable {
  id: Generated<number>;
  seller_key: string;
  product_code: string;
  uom: string;
  lower_quantity: number;
  /** Null: no upper bound. */
  upper_quantity: number | null;
  price: number;
  start_date: string;
  currency: string;
}

/** A buyer's view of one supplier product: inclusion and contract prices. */
export interface ProductMetaTable {
  id: Generated<number>;
  buyer_key: string;
  seller_key: string;
  product_code: string;
  excluded: number;
  /** JSON: [{uom, quantity, price, effectiveDate, currency}]. */
  contract_prices: string;
  last_exported_ms: number | null;
  updated_at: string;
  rev: number;
  deleted: number;
}

interface CategoryTreesTable {
  buyer_key: string;
  /** JSON: [{code, description, children}]. */
  tree: string;
  updated_at: string;
  rev: number;
}

interface PricelistsTable {
  id: Generated<number>;
  seller_key: string;
  name: string;
  created_at: string;
  updated_at: string;
  rev: number;
  deleted: number;
}

interface PricelistPricesTable {
  id: Generated<number>;
  pricelist_id: number;
  product_code: string;
  uom: string;
  start_date: string;
  lower_quantity: number;
  upper_quantity: number | null;
  price: number;
}

interface PricelistBuyersTable {
  pricelist_id: number;
  buyer_key: string;
}

export interface CatalogueTables {
  products: ProductsTable;
  seller_prices: SellerPricesTable;
  product_meta: ProductMetaTable;
  category_trees: CategoryTreesTable;
  pricelists: PricelistsTable;
  pricelist_prices: PricelistPricesTable;
  pricelist_buyers: PricelistBuyersTable;
}
