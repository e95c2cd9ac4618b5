import { HeldChunks } from './product-chunks';
import { HAYSTACK_SEPARATOR, productHaystack } from './product-haystack';
import type { ProductRow } from './rows';
import type { ProductChunkRow, SyncDb } from './store-schema';
import { tableVersion } from './table-version';

/** A chunk's search text, with where each product's part starts. */
interface ChunkText {
  keys: string[];
  text: string;
  starts: number[];
}

/** What the search keeps of a chunk: its keys and search text, never its rows. */
export type ChunkSearchText = Pick<ProductChunkRow, 'id' | 'keys' | 'text'>;

function chunkText(chunk: ChunkSearchText): ChunkText {
  const starts = [0];
  for (let at = chunk.text.indexOf(HAYSTACK_SEPARATOR); at !== -1; at = chunk.text.indexOf(HAYSTACK_SEPARATOR, at + 1)) starts.push(at + 1);
  return { keys: chunk.keys, text: chunk.text, starts };
}

interface Index {
  version: number;
  chunks: ChunkText[];
  /** Keys the overlay replaces or removes: their chunk text is out of date. */
  hidden: Set<string>;
  overlay: Array<{ key: string; hay: string }>;
}

/** The last index `i` with `starts[i] <= at`. */
function rowAt(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Keys of the chunk's products whose text holds every word: found by `indexOf` of the longest over the whole chunk text. */
function searchChunk(chunk: ChunkText, words: string[], hidden: Set<string>, hits: string[], limit: number) {
  const [first] = [...words].sort((a, b) => b.length - a.length);
  const { text, starts, keys } = chunk;
  let at = text.indexOf(first!);
  while (at !== -1 && hits.length < limit) {
    const row = rowAt(starts, at);
    const end = row + 1 < starts.length ? starts[row + 1]! - 1 : text.length;
    const hay = text.slice(starts[row], end);
    if (!hidden.has(keys[row]!) && words.every((w) => hay.includes(w))) hits.push(keys[row]!);
    at = row + 1 < starts.length ? text.indexOf(first!, starts[row + 1]) : -1;
  }
}

/** How many catalogues' search text a worker keeps: a buyer going from supplier to supplier does not keep them all. */
const CATALOGUES_KEPT = 4;

/**
 * Searches one seller's held catalogue in the sync worker. It reads the chunks' search
 * text only, never their rows, and each chunk once (chunks never change); the table
 * version (bumped by every write of products, from any tab) says when to look for new
 * chunks and overlay rows. A search is one `indexOf` pass per chunk text, a few
 * milliseconds over 100,000 products.
 */
export class ProductSearch {
  /** Catalogues kept, the most recently used last: a 100,000-product one's text is about 10 MB. */
  private readonly held = new Map<string, HeldChunks<ChunkText>>();
  private readonly indexes = new Map<string, Index>();

  constructor(
    private readonly db: SyncDb,
    private readonly maxCatalogues = CATALOGUES_KEPT,
  ) {}

  /** Makes `held` the catalogue's, used last; the least recently used beyond the limit go. */
  private use(id: string, held: HeldChunks<ChunkText>): HeldChunks<ChunkText> {
    this.held.delete(id);
    this.held.set(id, held);
    for (const old of this.held.keys()) {
      if (this.held.size <= this.maxCatalogues) break;
      this.held.delete(old);
      this.indexes.delete(old);
    }
    return held;
  }

  /**
   * The chunks of a fill this worker just completed, taken as the fill stored them: the
   * first search after a fill then reads no chunk back (reading 100,000 products'
   * records back cost 200 to 400 ms, for text the fill had in hand). They are all the
   * catalogue shows now (endFill dropped the rest), so they replace what was kept, in a
   * new HeldChunks: a search reading the old one meanwhile prunes that one, not these.
   */
  hold(scope: string, sellerId: string, chunks: readonly ChunkSearchText[]): void {
    const id = `${scope}|${sellerId}`;
    this.indexes.delete(id);
    this.use(id, new HeldChunks(this.db, scope, sellerId, chunkText, chunks.map((c) => [c.id, chunkText(c)])));
  }

  /** What it keeps, counted: stale text would not change a search's answer, only the worker's memory. */
  kept(): { catalogues: number; chunks: number; indexes: number } {
    let chunks = 0;
    for (const held of this.held.values()) chunks += held.size;
    return { catalogues: this.held.size, chunks, indexes: this.indexes.size };
  }

  private async index(scope: string, sellerId: string): Promise<Index> {
    const version = await tableVersion(this.db, 'products');
    const id = `${scope}|${sellerId}`;
    const held = this.use(id, this.held.get(id) ?? new HeldChunks(this.db, scope, sellerId, chunkText));
    const cached = this.indexes.get(id);
    if (cached && cached.version === version) return cached;

    const { chunks, overlay } = await held.read();
    const index: Index = {
      version,
      chunks,
      hidden: new Set(overlay.map((r) => r.key)),
      overlay: overlay.filter((r: ProductRow) => !r.removed).map((r) => ({ key: r.key, hay: productHaystack(r) })),
    };
    // Cached only while `held` is still the catalogue's: a fill's text may have replaced it meanwhile, or the limit pushed it out.
    if (this.held.get(id) === held) this.indexes.set(id, index);
    return index;
  }

  /** The keys of up to `limit` products whose code, description or other name contains every word of `text`, in code order. */
  async search(scope: string, sellerId: string, text: string, limit: number): Promise<string[]> {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const index = await this.index(scope, sellerId);
    if (words.length === 0) return [];
    const hits: string[] = [];
    for (const chunk of index.chunks) {
      if (hits.length >= limit) break;
      searchChunk(chunk, words, index.hidden, hits, limit);
    }
    const own = index.overlay.filter((r) => words.every((w) => r.hay.includes(w))).map((r) => r.key);
    if (own.length === 0) return hits;
    return [...hits, ...own].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
  }
}
