import { shownDiscrepancies } from '../../domain/product-display';
import type { Product } from '../../domain/schemas/catalogue';
import type { ProductWithMeta } from '../../local/hooks/use-products';

/** The product's fields whose value is a `V` (or missing). */
type FieldOf<V> = { [K in keyof Product]-?: NonNullable<Product[K]> extends V ? K : never }[keyof Product];

/**
 * Reads of the mirrored product row for the screens: the store keeps the wrapper's
 * product fields and its other parts (prices, discrepancies, category) side by side on
 * one row, as the server sent them; a fill chunk's rows have no discrepancies, which
 * are then compared here (shownDiscrepancies). An empty text counts as missing, as the
 * spec's 'Information is not provided' does.
 */
export function productFields({ product: p, meta }: ProductWithMeta) {
  const text = (name: FieldOf<string>) => p[name] || null;
  const num = (name: FieldOf<number>) => p[name] ?? null;
  const bool = (name: FieldOf<boolean>) => p[name] ?? null;
  return {
    code: p.productCode ?? '',
    sellerId: p.sellerId,
    text,
    num,
    bool,
    barcodes: p.barcodes ?? [],
    urls: p.urls ?? [],
    assets: p.assets ?? [],
    prices: p.prices ?? [],
    // A getter: a row's cells read its fields many times a render, the table only its icon and the drawer.
    get discrepancies() {
      return shownDiscrepancies(p.priceDiscrepancyTable, p.prices, meta?.contractPrices, todayIso());
    },
    category: p.productCategoryDescription ?? null,
    included: meta?.excluded === false,
    contractPrices: meta?.contractPrices ?? [],
    lastExported: meta?.lastExportedEpochMilliSeconds ?? null,
  };
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
