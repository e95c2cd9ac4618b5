import {
  FILL_CHUNK_DEFAULT,
  FILL_CODE,
  FILL_DESCRIPTION,
  FILL_OTHER_NAME,
  type FillChunk,
  type FillPlan,
  type FillRange,
} from '../domain/schemas/product-fill';
import { fetchFillChunk, fetchFillPlan } from '../api/mirror-calls';
import { PAGE_SIZE } from '../domain/constants';
import type { MirrorContext } from './mirror-kinds';
import { buyerOf, mirrorProductPage, type ProductPageResult } from './mirror-pages';
import { endFill, storeFillChunk, type FillPosition, type ProductPageText } from './product-chunks';
import type { ChunkSearchText } from './product-search';

/**
 * The catalogue fill with the fill calls (our own, product-fill.ts in src/domain): a
 * plan of key ranges, then chunks fetched side by side and stored one after another
 * (product-chunks.ts holds them). Apart from mirror-pages.ts, whose first page it begins with.
 */

export interface ProductFillResult extends ProductPageResult {
  /** The plan or a chunk could not be fetched (offline, server down): `next` is where to resume. */
  failed: boolean;
}

/**
 * Chunks asked for at once: enough to keep the server, the network and the store busy
 * side by side (3 left both cores idle a third of the time: 100,000 products took 4.4 s
 * in the buyer's view, 3.5 s with 5). It assumes one fill per browser over HTTP/1.1,
 * where Chromium opens 6 connections to a host, so that one is left for the app's own
 * calls. Nothing enforces that: a fill in a second tab, or the invoice PDFs prefetched
 * in the background, take the sixth, and the app's calls then wait behind chunk downloads.
 */
export const FILL_PARALLEL = 5;

/**
 * `size`: products per chunk asked of the server. `onFillShown`: told the fill's chunks
 * once readers see them (the worker's search keeps their text); without it the fill
 * keeps no text, which is about 10 MB for 100,000 products.
 */
interface FillOptions {
  size?: number;
  onFillShown?: (scope: string, sellerId: string, chunks: readonly ChunkSearchText[]) => void;
}

/** The key ranges of a plan, in code order. */
function rangesOf(plan: FillPlan): FillRange[] {
  return Array.from({ length: plan.bounds.length + 1 }, (_, i) => ({ from: plan.bounds[i - 1], to: plan.bounds[i] }));
}

/** A checked chunk as the store takes it: the search fields read off its rows, its text kept as sent. */
function chunkPage(chunk: FillChunk, text: string): ProductPageText {
  const products = chunk.rows.map((row: unknown[]) => ({
    productCode: row[FILL_CODE] as string,
    description: row[FILL_DESCRIPTION] as string | null,
    otherName: row[FILL_OTHER_NAME] as string | null,
  }));
  return { products, json: text };
}

/**
 * Stores one chunk as one record, the buyer's metas in it (product-chunks.ts says why),
 * in a transaction of the two stores it writes: an include made meanwhile waits for
 * less, and reads nothing of the outbox's.
 */
function storeChunk(ctx: MirrorContext, scope: string, sellerId: string, fill: string, chunk: FillChunk, text: string) {
  return ctx.db.transaction('rw', [ctx.db.productChunks, ctx.db.meta], () => storeFillChunk(ctx.db, scope, sellerId, fill, chunkPage(chunk, text)));
}

/**
 * A seller's catalogue mirrored with the fill calls. `from` null begins a new fill with
 * the spec's first page (the screen's 20) and asks the server's plan of key ranges at
 * the same time: the two do not wait on each other, which saves the plan's round trip
 * at the start. Then `FILL_PARALLEL` chunks are asked for at once, each stored as it
 * comes while the next ones are fetched; readers see the fill once every chunk is stored (endFill). A failure leaves the
 * fill unseen and answers where to resume (`from` for a new plan; null when even the
 * first page failed, which rejects as mirrorProductPage does).
 */
export async function mirrorProductFill(
  ctx: MirrorContext,
  scope: string,
  sellerId: string,
  start: FillPosition | null,
  { size = FILL_CHUNK_DEFAULT, onFillShown }: FillOptions = {},
): Promise<ProductFillResult> {
  const buyer = buyerOf(scope);
  const opts = { fetch: ctx.fetch };
  // Settled either way, so a first page that fails leaves no unhandled rejection behind.
  const planned = fetchFillPlan(sellerId, buyer, size, opts).then(
    (plan) => plan,
    () => null,
  );
  let from = start;
  if (!from) {
    const first = await mirrorProductPage(ctx, scope, sellerId, null, PAGE_SIZE);
    if (!first.next) return { count: first.count, next: null, failed: false };
    from = first.next;
  }
  const plan = await planned;
  if (!plan) return { count: 0, next: from, failed: true };
  const { fill } = from;
  const ranges = rangesOf(plan);
  const stored: string[] = [];
  // What onFillShown is told: keys and search text, not the chunks' JSON; nothing kept when nobody listens.
  const texts: ChunkSearchText[] | null = onFillShown ? [] : null;
  let count = 0;
  let failed = false;
  let overtaken = false;
  let taken = 0;
  // Checked chunks are stored one after another on one chain, and the fetchers do not
  // wait for their own chunk's store: the next fetch (and the server's work on it) runs
  // while the store writes. Store transactions run one at a time anyway.
  let storing: Promise<void> = Promise.resolve();
  const stores: Array<Promise<void>> = [];
  let unstored = 0;
  let storeError: { error: unknown } | null = null;
  const stopped = () => failed || overtaken || storeError !== null;
  const store = (answer: { data: FillChunk; text: string }) => {
    unstored += 1;
    storing = storing
      .then(async () => {
        if (stopped()) return;
        const chunk = await storeChunk(ctx, scope, sellerId, fill, answer.data, answer.text);
        if (chunk === false) overtaken = true;
        else if (chunk !== null) {
          stored.push(chunk.id);
          texts?.push({ id: chunk.id, keys: chunk.keys, text: chunk.text });
        }
        count += answer.data.rows.length;
      })
      // Kept, not thrown on the chain: the fill rejects with it once the fetchers have stopped.
      .catch((error: unknown) => void (storeError ??= { error }))
      .finally(() => void (unstored -= 1));
    stores.push(storing);
  };
  const worker = async () => {
    while (!stopped() && taken < ranges.length) {
      // Memory stays bounded: no more checked chunks wait for the store than are fetched at once.
      while (unstored >= FILL_PARALLEL) await stores[stores.length - unstored];
      if (stopped() || taken >= ranges.length) return;
      const range = ranges[taken++]!;
      try {
        store(await fetchFillChunk(sellerId, buyer, range, opts));
      } catch {
        failed = true;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: FILL_PARALLEL }, worker));
  await storing;
  if (storeError) throw (storeError as { error: unknown }).error;
  if (failed) return { count, next: from, failed: true };
  // Overtaken by a newer fill (another tab): that one ends it.
  if (!overtaken && (await endFill(ctx.db, scope, sellerId, fill, stored)) && texts) onFillShown?.(scope, sellerId, texts);
  return { count, next: null, failed: false };
}
