import { PAGE_SIZE } from '../../src/domain/constants';
import { PRODUCT_PAGE_MAX } from '../../src/domain/schemas/catalogue';
import { fetchProductPage } from '../../src/api/mirror-calls';
import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { enqueue } from '../../src/sync/enqueue';
import { mirrorProductFill, mirrorProductPage, type MirrorContext } from '../../src/sync/mirror-pages';
import { ProductSearch } from '../../src/sync/product-search';
import { productKey, productMetaKey } from '../../src/sync/row-keys';
import { productWrapper } from '../sync/helpers/product-rows';
import { fmt, percentile, timed } from './measure';

const PRODUCTS = 100_000;
const SELLER = 'SUPACMESCI01';
const scope = `seller:${SELLER}`;
const WORDS = ['nitrile', 'glove', 'beaker', 'pipette', 'flask', 'reagent', 'buffer', 'ethanol', 'filter', 'tube', 'rack', 'sterile'];

const codeOf = (i: number) => `P${String(i).padStart(6, '0')}`;
const descriptionOf = (i: number) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} size ${i % 50}`;

/**
 * The catalogue server's answers, made before the clock starts: pages of full product
 * wrappers (every field of the schema) as JSON text, cursor paging in code order. The
 * fill then does what it does against the real server (parse the JSON, check every
 * row with the schema, lay it flat, store it) minus the network and the server's work,
 * which the real-server figure below shows apart.
 */
function catalogueFetch(): typeof fetch {
  return async (input) => {
    const url = new URL(String(input), 'http://bench');
    const limit = Number(url.searchParams.get('limit'));
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(cursor.slice(1)) + 1;
    const end = Math.min(PRODUCTS, start + limit);
    const data = Array.from({ length: end - start }, (_, n) => productWrapper(SELLER, codeOf(start + n), descriptionOf(start + n)));
    return new Response(JSON.stringify({ data, cursor: end < PRODUCTS ? codeOf(end - 1) : null }), { headers: { 'content-type': 'application/json' } });
  };
}

/** The pages answered up front, so making them is not timed. */
async function prefetched(source: typeof fetch): Promise<typeof fetch> {
  const answers = new Map<string, string>();
  let cursor: string | null = null;
  let limit = PAGE_SIZE;
  for (;;) {
    const url: string = `/api/seller/${SELLER}/product?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const text: string = await (await source(url)).text();
    answers.set(url, text);
    cursor = (JSON.parse(text) as { cursor: string | null }).cursor;
    limit = PRODUCT_PAGE_MAX;
    if (!cursor) break;
  }
  return async (input) => new Response(answers.get(String(input)) ?? '', { headers: { 'content-type': 'application/json' } });
}

/** The fill's reading alone (JSON and the schema check of every row), to tell it from storing. */
async function parseOnly(fetchPages: typeof fetch): Promise<number> {
  const [, ms] = await timed(async () => {
    let cursor: string | undefined;
    let limit = PAGE_SIZE;
    do {
      const page = await fetchProductPage(SELLER, null, { limit, cursor }, { fetch: fetchPages });
      cursor = page.cursor ?? undefined;
      limit = PRODUCT_PAGE_MAX;
    } while (cursor);
  });
  return ms;
}

/** A fill as the catalogue screen runs it: the spec's first page of 20, then the rest in the largest pages, the next fetched while one is stored. Answers products stored. */
async function fillCatalogue(ctx: MirrorContext, sellerScope: string, sellerId: string): Promise<number> {
  const first = await mirrorProductPage(ctx, sellerScope, sellerId, null, PAGE_SIZE);
  if (!first.next) return first.count;
  const rest = await mirrorProductFill(ctx, sellerScope, sellerId, first.next);
  if (rest.failed) throw new Error('A page of the catalogue could not be fetched');
  return first.count + rest.count;
}

function openRaw(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('products', { keyPath: ['scope', 'key'] }).createIndex('seller', ['scope', 'sellerId']);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/**
 * The same products written row by row with the bare IndexedDB API (one record each,
 * the same key and index, no library, no schema check): what one record per product
 * reaches at best in this browser on this machine.
 */
async function rawIndexedDbRate(): Promise<number> {
  const name = `bench-raw-${Date.now()}`;
  const raw = await openRaw(name);
  const BATCH = 2_000;
  const [, ms] = await timed(async () => {
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      await new Promise<void>((resolve, reject) => {
        const tx = raw.transaction('products', 'readwrite');
        const store = tx.objectStore('products');
        for (let i = start; i < Math.min(start + BATCH, PRODUCTS); i++) {
          const { product, meta: _meta, ...rest } = productWrapper(SELLER, codeOf(i), descriptionOf(i));
          store.put({ ...product, ...rest, scope, key: productKey(SELLER, product.productCode), rev: 0 });
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
  });
  raw.close();
  indexedDB.deleteDatabase(name);
  return PRODUCTS / (ms / 1000);
}

/** Includes made while the fill runs (a tap every half second, busier than a person): how long the tap waits for its transaction. */
function includeDuringFill(db: LocalDatabase) {
  const buyerScope = 'buyer:BENCHUNI';
  const times: number[] = [];
  let n = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    const code = codeOf(n++);
    pending = pending.then(async () => {
      const [, t] = await timed(() =>
        enqueue(asSyncDb(db), {
          kind: 'product.inclusion',
          scope: buyerScope,
          method: 'POST',
          path: `/api/buyer/BENCHUNI/seller/${SELLER}/meta/${code}`,
          body: { excluded: false, productCode: code },
          touches: [{ table: 'productMeta', scope: buyerScope, key: productMetaKey('BENCHUNI', SELLER, code) }],
        }),
      );
      times.push(t);
    });
  }, 500);
  return {
    done: async () => {
      clearInterval(timer);
      await pending;
      return times.sort((a, b) => a - b);
    },
  };
}

/** A fill then the first search in a worker that has not read the catalogue yet: mirrored and searchable. */
async function fillAndSearch(db: LocalDatabase, fetchPages: typeof fetch) {
  const [count, fillMs] = await timed(() => fillCatalogue({ db: asSyncDb(db), fetch: fetchPages }, scope, SELLER));
  const search = new ProductSearch(asSyncDb(db));
  const [, coldMs] = await timed(() => search.search(scope, SELLER, 'nitrile glove', 50));
  return { count, fillMs, coldMs, search };
}

/**
 * Side by side in one run: one record per product with the bare IndexedDB API; our
 * chunked mirror of 100,000 products without the network (all of a fill's work but
 * the server's); the same fill end to end from the real server (its demo data seeded
 * with 100,000 products for Acme Scientific, tests/bench/run.ts), over loopback; the
 * time to the first search after each; and search while typing.
 */
export async function benchMirrorAndSearch(db: LocalDatabase): Promise<string[]> {
  const raw = await rawIndexedDbRate();
  const fetchPages = await prefetched(catalogueFetch());
  const includes = includeDuringFill(db);
  const local = await fillAndSearch(db, fetchPages);
  const includeTimes = await includes.done();
  const parseMs = await parseOnly(fetchPages);

  const times: number[] = [];
  const queries = ['b', 'be', 'bea', 'beaker', 'pipette size 4', 'P0999', 'sterile tube', 'ethanol flask size 1', 'nothing-matches'];
  for (let i = 0; i < 90; i++) {
    const [, t] = await timed(() => local.search.search(scope, SELLER, queries[i % queries.length]!, 200));
    times.push(t);
  }
  times.sort((a, b) => a - b);

  const real = await fillAndSearch(db, (input, init) => fetch(input, init));
  const n = (count: number) => count.toLocaleString('en-AU');
  const searchable = (r: { fillMs: number; coldMs: number }) => `${fmt((r.fillMs + r.coldMs) / 1000, 2)} s`;

  return [
    `one record per product, bare IndexedDB API (the old shape's ceiling): ${fmt(raw, 0)} rows/s = ${fmt(PRODUCTS / raw, 1)} s for ${n(PRODUCTS)}`,
    `our chunked mirror, ${n(local.count)} products, no network (JSON, schema check, chunks of ${PRODUCT_PAGE_MAX}): ${fmt(local.fillMs / 1000, 2)} s = ${fmt(local.count / (local.fillMs / 1000), 0)} rows/s`,
    `  of which reading the answers (JSON, schema check): ${fmt(parseMs / 1000, 2)} s`,
    `  an include made during that fill waits: median ${fmt(percentile(includeTimes, 50), 1)} ms, max ${fmt(includeTimes[includeTimes.length - 1]!, 1)} ms over ${includeTimes.length}`,
    `  time to first search after it (worker has not read the catalogue): ${fmt(local.coldMs, 0)} ms; mirrored and searchable: ${searchable(local)}`,
    `END TO END from the real server over loopback, ${n(real.count)} products (the screen's fill: 20, then pages of ${PRODUCT_PAGE_MAX}, next page fetched while one is stored): ${fmt(real.fillMs / 1000, 2)} s = ${fmt(real.count / (real.fillMs / 1000), 0)} rows/s (target 25,000 rows/s)`,
    `  time to first search after it: ${fmt(real.coldMs, 0)} ms; mirrored and searchable: ${searchable(real)} (target 4 s)`,
    `search while typing over ${n(PRODUCTS)} products: p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms (target p95 < 50 ms)`,
  ];
}
