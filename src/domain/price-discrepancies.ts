import type { ContractPrice, Discrepancy, SellerPrice } from './schemas/catalogue';

/** Prices closer than half a cent are the same price (stored prices are floating point). */
const PRICE_TOLERANCE = 0.005;

const day = (value: string) => value.slice(0, 10);
const sameUom = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The supplier's price for a quantity of a unit on a date: among the bands of that
 * unit that cover the quantity and have started, the latest start wins; on equal
 * starts the narrower band (higher lower quantity) wins.
 */
export function sellerPriceAt(prices: readonly SellerPrice[], uom: string, quantity: number, atDate: string): SellerPrice | null {
  let best: SellerPrice | null = null;
  for (const p of prices) {
    if (!sameUom(p.uom, uom) || day(p.startDate) > day(atDate)) continue;
    if (quantity < p.lowerQuantity || (p.upperQuantity !== null && quantity > p.upperQuantity)) continue;
    if (
      !best ||
      day(p.startDate) > day(best.startDate) ||
      (day(p.startDate) === day(best.startDate) && p.lowerQuantity > best.lowerQuantity)
    ) {
      best = p;
    }
  }
  return best;
}

/** The contract prices in force on a date: per unit and quantity, the latest effective one. */
export function contractPricesAt(contractPrices: readonly ContractPrice[], atDate: string): ContractPrice[] {
  const current = new Map<string, ContractPrice>();
  for (const c of contractPrices) {
    if (day(c.effectiveDate) > day(atDate)) continue;
    const key = `${c.uom.trim().toUpperCase()}|${c.quantity}`;
    const held = current.get(key);
    if (!held || day(c.effectiveDate) >= day(held.effectiveDate)) current.set(key, c);
  }
  return [...current.values()];
}

/**
 * The 'Pricing Discrepancies' table: every contract price in force whose unit and
 * quantity the supplier prices differently on that date, or does not price at all.
 */
export function priceDiscrepancies(
  sellerPrices: readonly SellerPrice[],
  contractPrices: readonly ContractPrice[],
  atDate: string,
): Discrepancy[] {
  const rows: Discrepancy[] = [];
  for (const c of contractPricesAt(contractPrices, atDate)) {
    const seller = sellerPriceAt(sellerPrices, c.uom, c.quantity, atDate);
    if (seller && Math.abs(seller.price - c.price) < PRICE_TOLERANCE) continue;
    rows.push({ uom: c.uom, quantity: c.quantity, sellerPrice: seller ? seller.price : null, buyerPrice: c.price });
  }
  return rows.sort((a, b) => a.uom.localeCompare(b.uom) || a.quantity - b.quantity);
}
