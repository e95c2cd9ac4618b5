import type { ContractPrice, Discrepancy, ProductCategoryDescription, SellerPrice } from '../../domain/schemas/catalogue';
import type { ProductWithMeta } from '../../local/hooks/use-products';

/**
 * Typed reads of the mirrored product row: the store keeps the wrapper's product
 * fields and its other parts (prices, discrepancies, category) side by side on one
 * row, as the server sent them.
 */
export function productFields(item: ProductWithMeta) {
  const p = item.product as Record<string, unknown>;
  const text = (name: string) => (typeof p[name] === 'string' && p[name] !== '' ? (p[name] as string) : null);
  const num = (name: string) => (typeof p[name] === 'number' ? (p[name] as number) : null);
  const bool = (name: string) => (typeof p[name] === 'boolean' ? (p[name] as boolean) : null);
  const list = <T>(name: string) => (Array.isArray(p[name]) ? (p[name] as T[]) : []);
  const meta = item.meta as Record<string, unknown> | null;
  return {
    code: String(p.productCode ?? ''),
    sellerId: String(p.sellerId ?? ''),
    text,
    num,
    bool,
    barcodes: list<{ uom: string; code: string; type: string }>('barcodes'),
    urls: list<{ url: string; notes: string | null }>('urls'),
    assets: list<{ type: string; downloadUrl: string }>('assets'),
    prices: list<SellerPrice>('prices'),
    discrepancies: list<Discrepancy>('priceDiscrepancyTable'),
    category: (p.productCategoryDescription ?? null) as ProductCategoryDescription | null,
    included: meta ? meta.excluded === false : false,
    contractPrices: meta && Array.isArray(meta.contractPrices) ? (meta.contractPrices as ContractPrice[]) : [],
    lastExported: meta && typeof meta.lastExportedEpochMilliSeconds === 'number' ? meta.lastExportedEpochMilliSeconds : null,
  };
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
