import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogueBarcode } from '../../domain/scan/pack-count';
import { heldProduct } from '../../sync/product-chunks';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';

export interface OrderBarcodes {
  barcodes: CatalogueBarcode[];
  /** Product codes of the order this device's catalogue mirror does not hold (yet). */
  missing: string[];
}

/**
 * The barcodes, by UOM, of the products an order ships, from the supplier's catalogue
 * mirror on this device: scanning reads them offline. Undefined while reading.
 */
export function useOrderBarcodes(sellerId: string, productCodes: readonly string[]): OrderBarcodes | undefined {
  const codes = [...new Set(productCodes.filter((c) => c.trim() !== ''))].sort();
  return useLiveQuery(async () => {
    const db = localDatabase();
    const scope = scopeId('seller', sellerId);
    const products = await Promise.all(codes.map(async (code) => [code, await heldProduct(db, scope, sellerId, code)] as const));
    const barcodes: CatalogueBarcode[] = [];
    const missing: string[] = [];
    for (const [code, product] of products) {
      if (!product) missing.push(code);
      for (const barcode of product?.barcodes ?? []) barcodes.push({ productCode: code, uom: barcode.uom, code: barcode.code });
    }
    return { barcodes, missing };
  }, [sellerId, codes.join('\n')]);
}
