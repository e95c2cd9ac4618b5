import { HeldCatalogue } from './product-chunks';
import type { ProductRow } from './rows';
import type { SyncDb } from './store-schema';
import { tableVersion } from './table-version';

interface Index {
  version: number;
  keys: string[];
  /** Lower-cased code, description and other name of each product, in key order. */
  haystacks: string[];
}

const haystackOf = (r: ProductRow) => [r.productCode, r.description, r.otherName].filter(Boolean).join('\n').toLowerCase();

/**
 * Searches one seller's held catalogue in memory, in the sync worker. The index is
 * rebuilt when any tab has written products since (the table version says so), but
 * cheaply: the held catalogue reads only chunks it has not seen, and a row's haystack
 * is made once per row object. Later searches scan plain strings, well under a frame
 * for 100,000 products.
 */
export class ProductSearch {
  private readonly catalogues = new Map<string, HeldCatalogue>();
  private readonly indexes = new Map<string, Index>();
  private readonly haystacks = new WeakMap<ProductRow, string>();

  constructor(private readonly db: SyncDb) {}

  private async index(scope: string, sellerId: string): Promise<Index> {
    const version = await tableVersion(this.db, 'products');
    const id = `${scope}|${sellerId}`;
    const cached = this.indexes.get(id);
    if (cached && cached.version === version) return cached;

    let catalogue = this.catalogues.get(id);
    if (!catalogue) this.catalogues.set(id, (catalogue = new HeldCatalogue(this.db, scope, sellerId)));
    const rows = await catalogue.rows();
    const haystacks = rows.map((r) => {
      let hay = this.haystacks.get(r);
      if (hay === undefined) this.haystacks.set(r, (hay = haystackOf(r)));
      return hay;
    });
    const index: Index = { version, keys: rows.map((r) => r.key), haystacks };
    this.indexes.set(id, index);
    return index;
  }

  /** The keys of up to `limit` products whose code, description or other name contains every word of `text`, in code order. */
  async search(scope: string, sellerId: string, text: string, limit: number): Promise<string[]> {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const { keys, haystacks } = await this.index(scope, sellerId);
    const hits: string[] = [];
    for (let i = 0; i < haystacks.length && hits.length < limit; i++) {
      const hay = haystacks[i]!;
      if (words.every((w) => hay.includes(w))) hits.push(keys[i]!);
    }
    return hits;
  }
}
