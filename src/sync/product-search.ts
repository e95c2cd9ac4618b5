import type { ProductRow } from './rows';
import type { SyncDb } from './store-schema';
import { tableVersion } from './table-version';

interface Catalogue {
  version: number;
  keys: string[];
  /** Lower-cased code, description and other name of each product, in key order. */
  haystacks: string[];
}

/**
 * Searches one seller's mirrored catalogue in memory. The first search of a scope
 * and seller reads its products once (one index range); later ones scan plain strings,
 * which stays well under a frame for 100,000 products. The cache is dropped when any
 * tab has written products since (the table version says so).
 */
export class ProductSearch {
  private readonly catalogues = new Map<string, Catalogue>();

  constructor(private readonly db: SyncDb) {}

  private async catalogue(scope: string, sellerId: string): Promise<Catalogue> {
    const version = await tableVersion(this.db, 'products');
    const id = `${scope}|${sellerId}`;
    const cached = this.catalogues.get(id);
    if (cached && cached.version === version) return cached;

    const rows = (await this.db.products.where('[scope+sellerId]').equals([scope, sellerId]).toArray()) as ProductRow[];
    const catalogue: Catalogue = {
      version,
      keys: rows.map((r) => r.key),
      haystacks: rows.map((r) => [r.productCode, r.description, r.otherName].filter(Boolean).join('\n').toLowerCase()),
    };
    this.catalogues.set(id, catalogue);
    return catalogue;
  }

  /** Up to `limit` products whose code, description or other name contains every word of `text`. */
  async search(scope: string, sellerId: string, text: string, limit: number): Promise<ProductRow[]> {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const { keys, haystacks } = await this.catalogue(scope, sellerId);
    const hits: Array<[string, string]> = [];
    for (let i = 0; i < haystacks.length && hits.length < limit; i++) {
      const hay = haystacks[i]!;
      if (words.every((w) => hay.includes(w))) hits.push([scope, keys[i]!]);
    }
    const rows = await this.db.products.bulkGet(hits);
    return rows.filter((r): r is ProductRow => r !== undefined) as ProductRow[];
  }
}
