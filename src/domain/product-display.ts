import { contractPricesAt, priceDiscrepancies, sellerPriceAt } from './price-discrepancies';
import type { ContractPrice, Discrepancy, SellerPrice } from './schemas/catalogue';

/**
 * How the catalogue and the product drawer show product values (spec section 9).
 * `null` means the value is missing: the screen shows the 'Information is not
 * provided' marker instead.
 */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Lead time in days: 'day' for 1, 'days' otherwise. */
export const leadTimeText = (days: number | null | undefined): string | null =>
  days === null || days === undefined ? null : plural(days, 'day', 'days');

/** Warranty in years (the contract's `warrentyPeriod`): 'year' for 1, 'years' otherwise. */
export const warrantyText = (years: number | null | undefined): string | null =>
  years === null || years === undefined ? null : plural(years, 'year', 'years');

const FLAG_CODES: Record<string, string> = { A: 'Active', C: 'Cancelled' };

/** Flag codes: A Active, C Cancelled; an unknown code is shown as it is. */
export function flagCodeText(code: string | null | undefined): string | null {
  if (!code) return null;
  return FLAG_CODES[code.toUpperCase()] ?? code;
}

/** 'Y' is taxable; any other value is not; no value is missing. */
export const taxableText = (taxable: string | null | undefined): string | null =>
  taxable ? (taxable.toUpperCase() === 'Y' ? 'Yes' : 'No') : null;

export const flagText = (flag: boolean | null | undefined): string | null => (flag === null || flag === undefined ? null : flag ? 'Yes' : 'No');

/** A measure with its unit ('2.5 kg'); the unit alone is not a value. */
export const measureText = (value: number | null | undefined, unit: string | null | undefined): string | null =>
  value === null || value === undefined ? null : unit ? `${value} ${unit}` : String(value);

/** The buyer's last export of the product, as a date. */
export const lastExportedText = (epochMs: number | null | undefined): string | null =>
  epochMs ? new Date(epochMs).toISOString().slice(0, 10) : null;

/**
 * A product's 'Pricing Discrepancies' table as the screens show it: the table the
 * server sent with the product (the spec's list page, the changes feed, the detail
 * call), else the seller's prices compared with the buyer's contract prices on `atDate`.
 * A fill chunk's products come without a table (product-fill.ts says why), so it is
 * worked out here, for the rows a screen shows, from the prices and the meta the
 * device holds; it is the server's rule (priceDiscrepancies). Without contract prices
 * (the supplier's view, a product the buyer has no meta of) there is none.
 */
export function shownDiscrepancies(
  sent: Discrepancy[] | null | undefined,
  sellerPrices: readonly SellerPrice[] | null | undefined,
  contractPrices: readonly ContractPrice[] | null | undefined,
  atDate: string,
): Discrepancy[] {
  if (sent) return sent;
  return contractPrices?.length ? priceDiscrepancies(sellerPrices ?? [], contractPrices, atDate) : [];
}

/** The discrepancy icon (table row) and the Price(excl) tab's error icon show when the table has rows. */
export const hasDiscrepancies = (table: readonly Discrepancy[] | null | undefined): boolean => (table?.length ?? 0) > 0;

/** The category breadcrumb: the levels present, catalog > class > category > group. */
export function categoryTrail(
  levels: Record<'catalog' | 'class' | 'category' | 'group', { code: string; description: string } | null> | null | undefined,
): string[] {
  if (!levels) return [];
  return [levels.catalog, levels.class, levels.category, levels.group].flatMap((l) => (l ? [l.description || l.code] : []));
}

/**
 * The list's price columns for one unit of the product's UOM on a date: 'Our Price'
 * is the buyer's contract price in force, 'Supplier Price' the supplier's band.
 */
export function unitPrices(
  uom: string | null | undefined,
  sellerPrices: readonly SellerPrice[] | null | undefined,
  contractPrices: readonly ContractPrice[] | null | undefined,
  atDate: string,
): { ours: number | null; supplier: number | null } {
  if (!uom) return { ours: null, supplier: null };
  const contract = contractPricesAt(contractPrices ?? [], atDate).find((c) => c.uom.toUpperCase() === uom.toUpperCase() && c.quantity === 1);
  return { ours: contract?.price ?? null, supplier: sellerPriceAt(sellerPrices ?? [], uom, 1, atDate)?.price ?? null };
}
