import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shownDiscrepancies } from '../../src/domain/product-display';
import type { ProductWrapper } from '../../src/domain/schemas/catalogue';
import { asSyncDb, LocalDatabase } from '../../src/local/db/local-database';
import type { CommandRequest } from '../../src/sync/commands/command';
import { drainOutbox } from '../../src/sync/drain';
import { enqueue } from '../../src/sync/enqueue';
import { FILL_PARALLEL, mirrorProductFill } from '../../src/sync/mirror-fill';
import type { MirrorContext } from '../../src/sync/mirror-kinds';
import { mirrorProduct, mirrorProductPage, mirrorProductSearchPage } from '../../src/sync/mirror-pages';
import { HeldCatalogue, heldItem, heldMeta, heldProduct, type FillPosition } from '../../src/sync/product-chunks';
import { ProductSearch } from '../../src/sync/product-search';
import { pullScope } from '../../src/sync/pull-changes';
import { productKey, productMetaKey } from '../../src/sync/row-keys';
import { STORES_V1, STORES_V2 } from '../../src/sync/store-schema';
import { fillAnswer } from './helpers/fill-answers';
import { freshDb } from './helpers/fresh-db';
import { metaFor, productWrapper } from './helpers/product-rows';
import { scriptedFetch, scriptedOutbox } from './helpers/scripted-fetch';

const SELLER = 'SUP1';
const BUYER = 'UNI1';
const sellerScope = `seller:${SELLER}`;
const buyerScope = `buyer:${BUYER}`;
let db: LocalDatabase;
afterEach(() => db?.close());

/**
 * A seller's catalogue server: cursor paging in code order, and `q` (code or description
 * contains), as GET .../product answers it, and the fill calls. `down` fails a list
 * page by its cursor, or a fill call by its `from` (`fill` for the plan).
 */
function catalogueServer(wrappers: () => ProductWrapper[], down: (cursor: string | null) => boolean = () => false) {
  return scriptedFetch((request) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname.includes('/products/fill')) {
      const at = url.pathname.endsWith('/fill') ? 'fill' : url.searchParams.get('from');
      return down(at) ? 'network-error' : { status: 200, body: fillAnswer(url, wrappers()) };
    }
    const limit = Number(url.searchParams.get('limit'));
    const after = url.searchParams.get('cursor') ?? '';
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    if (down(url.searchParams.get('cursor'))) return 'network-error';
    const rest = wrappers()
      .filter((w) => `${w.product.productCode} ${w.product.description ?? ''}`.toLowerCase().includes(q))
      .filter((w) => w.product.productCode > after)
      .sort((a, b) => (a.product.productCode < b.product.productCode ? -1 : 1));
    const page = rest.slice(0, limit);
    return { status: 200, body: { data: page, cursor: rest.length > limit ? page[page.length - 1]!.product.productCode : null } };
  });
}

const codes = (...list: string[]) => list.map((c) => productWrapper(SELLER, c));

/** Pages of `limit` until the end; answers how many pages it took. */
async function fill(ctx: MirrorContext, scope: string, limit: number, from: FillPosition | null = null): Promise<number> {
  let position = from;
  let pages = 0;
  do {
    position = (await mirrorProductPage(ctx, scope, SELLER, position, limit)).next;
    pages += 1;
  } while (position);
  return pages;
}

const heldCodes = async (scope = sellerScope) => (await new HeldCatalogue(asSyncDb(db), scope, SELLER).rows()).map((r) => r.productCode);

/**
 * The ids of the chunk records each bulkGet of the chunks table reads, one list per
 * call; with `until`, each read waits for it first (a search held in mid-read).
 */
function chunkReads(until?: Promise<void>): string[][] {
  const reads: string[][] = [];
  const bulkGet = db.productChunks.bulkGet.bind(db.productChunks);
  db.productChunks.bulkGet = ((keys: Array<[string, string]>) => {
    reads.push(keys.map((k) => k[1]));
    return until ? until.then(() => bulkGet(keys)) : bulkGet(keys);
  }) as typeof db.productChunks.bulkGet;
  return reads;
}

describe('the chunked catalogue', () => {
  it('asks for the page size it is given, stores each page as one chunk in code order, and shows the first page at once', async () => {
    db = freshDb('chunks');
    const server = catalogueServer(() => codes('P7', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6'));
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const first = await mirrorProductPage(ctx, sellerScope, SELLER, null, 3);
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('limit')).toBe('3');
    expect(first.count).toBe(3);
    expect(await heldCodes()).toEqual(['P1', 'P2', 'P3']);

    expect(await fill(ctx, sellerScope, 3, first.next)).toBe(2);
    expect(await heldCodes()).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
    expect(await db.productChunks.count()).toBe(3);
    expect(await db.products.count()).toBe(0);
    expect((await heldProduct(asSyncDb(db), sellerScope, SELLER, 'P5'))?.description).toBe('Product P5');
    expect(await heldProduct(asSyncDb(db), sellerScope, SELLER, 'P8')).toBeUndefined();
  });

  it('reads, after a page lands, that page only: chunks already read are kept', async () => {
    db = freshDb('incremental');
    const server = catalogueServer(() => codes('H1', 'H2', 'H3', 'H4', 'H5'));
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const reads = chunkReads();
    const held = new HeldCatalogue(asSyncDb(db), sellerScope, SELLER);
    let from = (await mirrorProductPage(ctx, sellerScope, SELLER, null, 2)).next;
    expect((await held.rows()).map((r) => r.productCode)).toEqual(['H1', 'H2']);
    from = (await mirrorProductPage(ctx, sellerScope, SELLER, from, 2)).next;
    expect((await held.rows()).map((r) => r.productCode)).toEqual(['H1', 'H2', 'H3', 'H4']);
    expect(reads.flat()).toHaveLength(2);
    await mirrorProductPage(ctx, sellerScope, SELLER, from, 2);
    expect((await held.rows()).map((r) => r.productCode)).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);
    expect(reads.flat().map((id) => id.split('|')[2])).toEqual(['H1', 'H3', 'H5']);
  });

  it('keeps showing the held catalogue while a new fill runs, and swaps to it whole once it completes', async () => {
    db = freshDb('refill');
    let catalogue = codes('A1', 'A2', 'A3', 'A4');
    const server = catalogueServer(() => catalogue);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    await fill(ctx, sellerScope, 2);

    // A visit cut short after one page: the next visit's fill drops what it left.
    catalogue = codes('A1', 'A3', 'A4', 'A5');
    expect((await mirrorProductPage(ctx, sellerScope, SELLER, null, 2)).next).not.toBeNull();
    expect(await heldCodes()).toEqual(['A1', 'A2', 'A3', 'A4']);
    const next = await mirrorProductPage(ctx, sellerScope, SELLER, null, 2);
    expect(await db.productChunks.count()).toBe(3);
    expect(await heldCodes()).toEqual(['A1', 'A2', 'A3', 'A4']);

    await fill(ctx, sellerScope, 2, next.next);
    expect(await heldCodes()).toEqual(['A1', 'A3', 'A4', 'A5']);
    expect(await db.productChunks.count()).toBe(2);
  });

  it('stops a fill another tab has overtaken with a newer one', async () => {
    db = freshDb('overtaken');
    const server = catalogueServer(() => codes('B1', 'B2', 'B3'));
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const mine = await mirrorProductPage(ctx, sellerScope, SELLER, null, 1);
    await fill(ctx, sellerScope, 1);
    expect(await mirrorProductPage(ctx, sellerScope, SELLER, mine.next, 1)).toEqual({ count: 1, next: null });
    expect(await heldCodes()).toEqual(['B1', 'B2', 'B3']);
  });

  it('lays the changes feed over the chunks: an update in place, a deletion, a new product in code order; a later fill absorbs them', async () => {
    db = freshDb('feed');
    let catalogue = codes('C1', 'C2', 'C3', 'C4');
    const server = catalogueServer(() => catalogue);
    await fill({ db: asSyncDb(db), fetch: server.fetch }, sellerScope, 2);

    const feed = scriptedFetch(() => ({
      status: 200,
      body: {
        changes: [
          { entity: 'product', key: `${SELLER}:C2`, op: 'upsert', rev: 5, row: productWrapper(SELLER, 'C2', 'Renamed beaker') },
          { entity: 'product', key: `${SELLER}:C3`, op: 'delete', rev: 6 },
          { entity: 'product', key: `${SELLER}:C2A`, op: 'upsert', rev: 7, row: productWrapper(SELLER, 'C2A', 'New flask') },
        ],
        cursor: 7,
        hasMore: false,
      },
    }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, sellerScope);

    expect(await heldCodes()).toEqual(['C1', 'C2', 'C2A', 'C4']);
    expect((await heldProduct(asSyncDb(db), sellerScope, SELLER, 'C2'))?.description).toBe('Renamed beaker');
    expect(await heldProduct(asSyncDb(db), sellerScope, SELLER, 'C3')).toBeUndefined();
    const search = new ProductSearch(asSyncDb(db));
    expect(await search.search(sellerScope, SELLER, 'beaker', 10)).toEqual([productKey(SELLER, 'C2')]);
    expect(await search.search(sellerScope, SELLER, 'product', 10)).toEqual([productKey(SELLER, 'C1'), productKey(SELLER, 'C4')]);

    // The server's catalogue now says the same; a fill begun after the feed replaces the overlay.
    catalogue = [productWrapper(SELLER, 'C1'), productWrapper(SELLER, 'C2', 'Renamed beaker'), productWrapper(SELLER, 'C2A', 'New flask'), productWrapper(SELLER, 'C4')];
    await fill({ db: asSyncDb(db), fetch: server.fetch }, sellerScope, 2);
    expect(await db.products.count()).toBe(0);
    expect(await heldCodes()).toEqual(['C1', 'C2', 'C2A', 'C4']);
    expect(await search.search(sellerScope, SELLER, 'flask', 10)).toEqual([productKey(SELLER, 'C2A')]);
  });

  it('mirrors one product over its chunk, and hides it when the server no longer has it', async () => {
    db = freshDb('one-product');
    const server = catalogueServer(() => codes('D1', 'D2'));
    await fill({ db: asSyncDb(db), fetch: server.fetch }, buyerScope, 10);
    let status = 200;
    const { fetch, requests } = scriptedFetch(() =>
      status === 200 ? { status, body: productWrapper(SELLER, 'D1', 'Fresh from the server') } : { status, body: { errors: ['Product not found'] } },
    );
    expect(await mirrorProduct({ db: asSyncDb(db), fetch }, buyerScope, SELLER, 'D1')).toEqual({ found: true });
    expect(requests[0]!.url).toBe(`/api/buyer/${BUYER}/seller/${SELLER}/product/D1`);
    expect((await heldProduct(asSyncDb(db), buyerScope, SELLER, 'D1'))?.description).toBe('Fresh from the server');
    status = 404;
    expect(await mirrorProduct({ db: asSyncDb(db), fetch }, buyerScope, SELLER, 'D1')).toEqual({ found: false });
    expect(await heldProduct(asSyncDb(db), buyerScope, SELLER, 'D1')).toBeUndefined();
    expect(await heldCodes(buyerScope)).toEqual(['D2']);
  });
});

describe('the pipelined fill', () => {
  it('asks for the plan, then for its chunks side by side, and shows the fill only once every chunk is stored', async () => {
    db = freshDb('fill-calls');
    const numbered = (n: number) => codes(...Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(2, '0')}`));
    let catalogue = numbered(3);
    const server = catalogueServer(() => catalogue);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    await fill(ctx, sellerScope, 2);
    expect(await heldCodes()).toEqual(['P01', 'P02', 'P03']);

    // More ranges than are asked for at once.
    catalogue = numbered(2 * FILL_PARALLEL + 3);
    const first = await mirrorProductPage(ctx, sellerScope, SELLER, null, 2);
    // What a reader sees at each chunk asked for, and how many chunk calls are under way then.
    const seen: Array<{ inFlight: number; held: Array<string | undefined> }> = [];
    let inFlight = 0;
    const fetchSpy: typeof fetch = async (input, init) => {
      if (!String(input).includes('/chunk')) return server.fetch(input, init);
      inFlight += 1;
      seen.push({ inFlight, held: await heldCodes() });
      const answer = await server.fetch(input, init);
      inFlight -= 1;
      return answer;
    };
    server.requests.length = 0;
    expect(await mirrorProductFill({ ...ctx, fetch: fetchSpy }, sellerScope, SELLER, first.next!, { size: 2 })).toEqual({ count: catalogue.length, next: null, failed: false });
    const asked = server.requests.map((r) => new URL(r.url, 'http://x'));
    expect(asked[0]!.pathname).toBe(`/api/seller/${SELLER}/products/fill`);
    expect(asked[0]!.searchParams.get('size')).toBe('2');
    const bounds = catalogue.filter((_, i) => i > 0 && i % 2 === 0).map((w) => w.product.productCode);
    const ranges = [null, ...bounds].map((from, i) => `${from}-${bounds[i] ?? null}`);
    expect(asked.slice(1).map((u) => `${u.searchParams.get('from')}-${u.searchParams.get('to')}`)).toEqual(ranges);
    // FILL_PARALLEL asked for at once, never more (the next while the store writes the last); the old fill shown all along.
    expect(seen.map((s) => s.inFlight).slice(0, FILL_PARALLEL)).toEqual(Array.from({ length: FILL_PARALLEL }, (_, i) => i + 1));
    expect(Math.max(...seen.map((s) => s.inFlight))).toBe(FILL_PARALLEL);
    for (const { held } of seen) expect(held).toEqual(['P01', 'P02', 'P03']);
    expect(await heldCodes()).toEqual(catalogue.map((w) => w.product.productCode));
    // The screen's first page lies inside the first chunk: one chunk per range is left.
    expect(await db.productChunks.count()).toBe(ranges.length);
  });

  it('begins a fill without a position: the plan is asked before the first page has answered, not after it', async () => {
    db = freshDb('fill-begin');
    const server = catalogueServer(() => codes('R1', 'R2', 'R3', 'R4', 'R5'));
    const events: string[] = [];
    const fetchSpy: typeof fetch = async (input, init) => {
      const url = new URL(String(input), 'http://x');
      const call = url.pathname.endsWith('/fill') ? 'plan' : url.pathname.endsWith('/chunk') ? 'chunk' : 'page';
      events.push(`${call} asked`);
      const answer = await server.fetch(input, init);
      events.push(`${call} answered`);
      return answer;
    };
    const ctx = { db: asSyncDb(db), fetch: fetchSpy };
    expect(await mirrorProductFill(ctx, sellerScope, SELLER, null, { size: 2 })).toEqual({ count: 5, next: null, failed: false });
    expect(events.indexOf('plan asked')).toBeLessThan(events.indexOf('page answered'));
    expect(new URL(server.requests.find((r) => !r.url.includes('/fill'))!.url, 'http://x').searchParams.get('limit')).toBe('20');
    expect(await heldCodes()).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
  });

  it('begins a fill whose first page fails by rejecting, as the page alone does, and ends a catalogue the first page holds whole there', async () => {
    db = freshDb('fill-begin-fails');
    const down = catalogueServer(() => codes('S1'), () => true);
    await expect(mirrorProductFill({ db: asSyncDb(db), fetch: down.fetch }, sellerScope, SELLER, null, { size: 2 })).rejects.toThrow();
    expect(await db.productChunks.count()).toBe(0);

    const small = catalogueServer(() => codes('S1', 'S2'));
    expect(await mirrorProductFill({ db: asSyncDb(db), fetch: small.fetch }, sellerScope, SELLER, null, { size: 2 })).toEqual({ count: 2, next: null, failed: false });
    expect(small.requests.some((r) => r.url.includes('/chunk'))).toBe(false);
    expect(await heldCodes()).toEqual(['S1', 'S2']);
  });

  it('stops where a chunk could not be fetched, keeps showing the last complete fill, and resumes', async () => {
    db = freshDb('fill-failure');
    let catalogue = codes('Q1', 'Q2', 'Q3');
    let offline = false;
    const server = catalogueServer(
      () => catalogue,
      (from) => offline && from === 'Q5',
    );
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    await fill(ctx, sellerScope, 2);

    catalogue = codes('Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6');
    offline = true;
    const first = await mirrorProductPage(ctx, sellerScope, SELLER, null, 2);
    const cut = await mirrorProductFill(ctx, sellerScope, SELLER, first.next!, { size: 2 });
    expect(cut).toMatchObject({ failed: true, next: first.next });
    expect(await heldCodes()).toEqual(['Q1', 'Q2', 'Q3']);

    offline = false;
    expect(await mirrorProductFill(ctx, sellerScope, SELLER, cut.next!, { size: 2 })).toEqual({ count: 6, next: null, failed: false });
    expect(await heldCodes()).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6']);
  });

  it('stores a buyer chunk whole: every field of every product, and its metas in the chunk, not one record each', async () => {
    db = freshDb('fill-buyer');
    const rich = productWrapper(SELLER, 'R2', 'Flask', metaFor(BUYER, SELLER, 'R2', true));
    rich.meta!.contractPrices = [{ uom: 'EA', quantity: 1, price: 3, effectiveDate: '2026-02-01', currency: 'AUD' }];
    rich.product.longDescription = 'A long one';
    rich.product.dangerousGoodsFlag = true;
    rich.prices = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 3.5, startDate: '2026-01-01', currency: 'AUD' }];
    rich.priceDiscrepancyTable = [{ uom: 'EA', quantity: 1, sellerPrice: 3.5, buyerPrice: 3 }];
    rich.uomMapping = { EA: 'EACH' };
    const catalogue = [productWrapper(SELLER, 'R1'), rich, productWrapper(SELLER, 'R3')];
    catalogue.forEach((w) => (w.uomMapping = { EA: 'EACH' }));
    const server = catalogueServer(() => catalogue);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const first = await mirrorProductPage(ctx, buyerScope, SELLER, null, 1);
    await mirrorProductFill(ctx, buyerScope, SELLER, first.next!, { size: 2 });
    // A chunk carries no discrepancy table: the screens compare the held prices and contract prices (shownDiscrepancies).
    const { product, meta, priceDiscrepancyTable, ...rest } = rich;
    const held = await heldProduct(asSyncDb(db), buyerScope, SELLER, 'R2');
    expect(held).toEqual({ ...product, ...rest, scope: buyerScope, key: productKey(SELLER, 'R2'), rev: 0 });
    const heldContract = (await heldMeta(asSyncDb(db), buyerScope, SELLER, 'R2'))?.contractPrices;
    expect(shownDiscrepancies(held?.priceDiscrepancyTable, held?.prices, heldContract, '2026-03-01')).toEqual(priceDiscrepancyTable);
    expect(await db.productMeta.count()).toBe(0);
    const key = productMetaKey(BUYER, SELLER, 'R2');
    expect(await heldMeta(asSyncDb(db), buyerScope, SELLER, 'R2')).toEqual({ ...meta, scope: buyerScope, key, rev: 0 });
    expect(await heldMeta(asSyncDb(db), buyerScope, SELLER, 'R1')).toBeUndefined();
    // The drawer's read: the product and its meta from one read of their chunk.
    expect(await heldItem(asSyncDb(db), buyerScope, SELLER, 'R2')).toEqual({
      product: await heldProduct(asSyncDb(db), buyerScope, SELLER, 'R2'),
      meta: await heldMeta(asSyncDb(db), buyerScope, SELLER, 'R2'),
    });
    const listed = await new HeldCatalogue(asSyncDb(db), buyerScope, SELLER).withMetas();
    expect(listed.map((item) => [item.product.productCode, item.meta?.excluded])).toEqual([
      ['R1', undefined],
      ['R2', true],
      ['R3', undefined],
    ]);
    // A row of the overlay (here the changes feed's) is laid over the chunk's meta.
    const feed = scriptedFetch(() => ({
      status: 200,
      body: { changes: [{ entity: 'productMeta', key, op: 'upsert', rev: 4, row: { ...meta!, excluded: false } }], cursor: 4, hasMore: false },
    }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, buyerScope);
    expect((await heldMeta(asSyncDb(db), buyerScope, SELLER, 'R2'))?.excluded).toBe(false);
    expect((await new HeldCatalogue(asSyncDb(db), buyerScope, SELLER).withMetas())[1]!.meta?.excluded).toBe(false);
  });

  it('reads a buyer chunk stored before chunks stopped carrying discrepancies (a fifth element in each meta) as it reads a new one', async () => {
    db = freshDb('fill-buyer-old');
    const curated = productWrapper(SELLER, 'O2', 'Flask', metaFor(BUYER, SELLER, 'O2', false));
    curated.meta!.contractPrices = [{ uom: 'EA', quantity: 1, price: 3, effectiveDate: '2026-02-01', currency: 'AUD' }];
    curated.prices = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 3.5, startDate: '2026-01-01', currency: 'AUD' }];
    const server = catalogueServer(() => [productWrapper(SELLER, 'O1'), curated, productWrapper(SELLER, 'O3')]);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const first = await mirrorProductPage(ctx, buyerScope, SELLER, null, 1);
    await mirrorProductFill(ctx, buyerScope, SELLER, first.next!, { size: 2 });
    const read = async () => ({ item: await heldItem(asSyncDb(db), buyerScope, SELLER, 'O2'), listed: await new HeldCatalogue(asSyncDb(db), buyerScope, SELLER).withMetas() });
    const now = await read();
    // The chunks as an earlier version stored them: each meta with the server's discrepancy table after it.
    for (const chunk of await db.productChunks.toArray()) {
      const held = JSON.parse(chunk.json) as { metas?: unknown[][] };
      held.metas?.forEach((m) => m.push([['EA', 1, 3.5, 3]]));
      await db.productChunks.put({ ...chunk, json: JSON.stringify(held) });
    }
    expect(await read()).toEqual(now);
    expect(now.item.meta).toMatchObject({ excluded: false, contractPrices: curated.meta!.contractPrices });
    expect(shownDiscrepancies(now.item.product?.priceDiscrepancyTable, now.item.product?.prices, now.item.meta?.contractPrices, '2026-03-01')).toEqual([
      { uom: 'EA', quantity: 1, sellerPrice: 3.5, buyerPrice: 3 },
    ]);
  });
});

describe("the server's search, for what is not held yet", () => {
  const catalogue = () => [
    productWrapper(SELLER, 'S1', 'Flask 100 ml', metaFor(BUYER, SELLER, 'S1', true)),
    productWrapper(SELLER, 'S2', 'Beaker'),
    productWrapper(SELLER, 'S3', 'Flask 250 ml'),
    productWrapper(SELLER, 'S4', 'Flask 500 ml', metaFor(BUYER, SELLER, 'S4', true)),
    productWrapper(SELLER, 'S5', 'Flask 1 l'),
  ];

  it('asks for the spec page with q and the cursor, and its hits join the local ones, each product once, in code order', async () => {
    db = freshDb('server-search');
    const server = catalogueServer(catalogue);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    // A fill under way: only the first page (S1, S2) is held.
    const first = await mirrorProductPage(ctx, buyerScope, SELLER, null, 2);
    const search = new ProductSearch(asSyncDb(db));
    const found = async () => (await search.search(buyerScope, SELLER, 'flask', 200)).map((k) => k.split('/')[1]);
    expect(await found()).toEqual(['S1']);

    const page = await mirrorProductSearchPage(ctx, buyerScope, SELLER, 'Flask', null);
    const asked = new URL(server.requests[server.requests.length - 1]!.url, 'http://x');
    expect(asked.pathname).toBe(`/api/buyer/${BUYER}/seller/${SELLER}/product`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ limit: '20', q: 'Flask' });
    expect(page).toEqual({ count: 4, next: null });
    expect(await found()).toEqual(['S1', 'S3', 'S4', 'S5']);
    expect(await heldCodes(buyerScope)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    expect((await db.productMeta.get([buyerScope, productMetaKey(BUYER, SELLER, 'S4')]))?.excluded).toBe(true);

    // The fill completes: it holds the same products, and the search's rows leave the overlay.
    expect((await mirrorProductFill(ctx, buyerScope, SELLER, first.next!, { size: 2 })).failed).toBe(false);
    expect(await db.products.count()).toBe(0);
    expect(await found()).toEqual(['S1', 'S3', 'S4', 'S5']);
  });

  it('keeps what the device says over the server: a newer feed row and a pending include', async () => {
    db = freshDb('server-search-overlay');
    const server = catalogueServer(catalogue);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const feed = scriptedFetch(() => ({
      status: 200,
      body: { changes: [{ entity: 'product', key: `${SELLER}:S3`, op: 'upsert', rev: 9, row: productWrapper(SELLER, 'S3', 'Flask 250 ml, amber') }], cursor: 9, hasMore: false },
    }));
    await pullScope({ db: asSyncDb(db), fetch: feed.fetch, signal: new AbortController().signal }, buyerScope);
    await enqueue(asSyncDb(db), {
      kind: 'product.inclusion',
      scope: buyerScope,
      method: 'POST',
      path: `/api/buyer/${BUYER}/seller/${SELLER}/meta/S4`,
      body: { excluded: false, productCode: 'S4' },
      touches: [{ table: 'productMeta', scope: buyerScope, key: productMetaKey(BUYER, SELLER, 'S4') }],
    });

    await mirrorProductSearchPage(ctx, buyerScope, SELLER, 'flask', null);
    expect((await heldProduct(asSyncDb(db), buyerScope, SELLER, 'S3'))?.description).toBe('Flask 250 ml, amber');
    expect((await db.productMeta.get([buyerScope, productMetaKey(BUYER, SELLER, 'S4')]))?.excluded).toBe(false);
    const keys = await new ProductSearch(asSyncDb(db)).search(buyerScope, SELLER, 'flask', 200);
    expect(keys).toEqual(['S1', 'S3', 'S4', 'S5'].map((c) => productKey(SELLER, c)));
  });

  it('offline: the call fails and the store, so the local search, stays as it was', async () => {
    db = freshDb('server-search-offline');
    const online = catalogueServer(catalogue);
    await mirrorProductPage({ db: asSyncDb(db), fetch: online.fetch }, buyerScope, SELLER, null, 2);
    const offline = scriptedFetch(() => 'network-error');
    await expect(mirrorProductSearchPage({ db: asSyncDb(db), fetch: offline.fetch }, buyerScope, SELLER, 'flask', null)).rejects.toThrow();
    expect(await new ProductSearch(asSyncDb(db)).search(buyerScope, SELLER, 'flask', 200)).toEqual([productKey(SELLER, 'S1')]);
  });
});

/** More than the screen's first page, so the fill calls run: H01 to H30, "Nitrile" in the description of those named. */
const catalogueWith = (nitrile: string[]) =>
  Array.from({ length: 30 }, (_, i) => {
    const code = `H${String(i + 1).padStart(2, '0')}`;
    return productWrapper(SELLER, code, nitrile.includes(code) ? `Nitrile item ${code}` : `Beaker ${code}`);
  });

/** A fill handing its text to `search`, as the sync worker's engine wires them (engine.ts); chunks of 10 products. */
const fillFor = (search: ProductSearch, fetch: typeof globalThis.fetch, scope = sellerScope) =>
  mirrorProductFill({ db: asSyncDb(db), fetch }, scope, SELLER, null, { size: 10, onFillShown: (...args) => search.hold(...args) });

const nitrileIn = async (search: ProductSearch, scope = sellerScope) => (await search.search(scope, SELLER, 'nitrile', 10)).map((k) => k.split('/')[1]);

/** A catalogue filled once, H01 its nitrile product, its text handed to the search; `refill` fills it again with H02 in its place. */
async function filledOnce() {
  let catalogue = catalogueWith(['H01']);
  const server = catalogueServer(() => catalogue);
  const search = new ProductSearch(asSyncDb(db));
  await fillFor(search, server.fetch);
  const refill = () => {
    catalogue = catalogueWith(['H02']);
    return fillFor(search, server.fetch);
  };
  return { search, refill };
}

/** A search stopped in its read of the chunks, as one waits behind a fill's last transaction, until `finish`. */
async function searchMidRead(search: ProductSearch, scope: string) {
  let release = () => {};
  const reads = chunkReads(new Promise<void>((resolve) => (release = resolve)));
  const searching = nitrileIn(search, scope);
  await vi.waitFor(() => expect(reads).toHaveLength(1));
  const finish = () => {
    release();
    return searching;
  };
  return { reads, finish };
}

describe('searching the held catalogue', () => {
  it('finds every word in code, description or other name, in code order across chunks, never across two products, up to the limit', async () => {
    db = freshDb('search');
    const server = catalogueServer(() => [
      productWrapper(SELLER, 'G1', 'Nitrile gloves size M'),
      productWrapper(SELLER, 'G2', 'Beaker 250 ml'),
      productWrapper(SELLER, 'G3', 'Gloves, latex'),
      productWrapper(SELLER, 'G4', 'Flask nitrile-free'),
      productWrapper(SELLER, 'G5', 'Nitrile GLOVES size L'),
    ]);
    await fill({ db: asSyncDb(db), fetch: server.fetch }, sellerScope, 2);
    const search = new ProductSearch(asSyncDb(db));
    const found = async (text: string, limit = 10) => (await search.search(sellerScope, SELLER, text, limit)).map((k) => k.split('/')[1]);
    expect(await found('gloves nitrile')).toEqual(['G1', 'G5']);
    expect(await found('NITRILE')).toEqual(['G1', 'G4', 'G5']);
    expect(await found('nitrile', 2)).toEqual(['G1', 'G4']);
    expect(await found('g3')).toEqual(['G3']);
    // 'ml' ends G2's text and 'g3' begins G3's: no product holds 'mlg3'.
    expect(await found('mlg3')).toEqual([]);
    expect(await found('   ')).toEqual([]);
  });

  it("keeps the text of the chunks a fill in its worker stored: the first search after the fill reads no chunk back, and finds what a new reader finds", async () => {
    db = freshDb('search-held');
    let catalogue = catalogueWith(['H01', 'H25']);
    let down = false;
    const server = catalogueServer(
      () => catalogue,
      (at) => down && at === 'H21',
    );
    const search = new ProductSearch(asSyncDb(db));
    const reads = chunkReads();

    expect((await fillFor(search, server.fetch)).failed).toBe(false);
    expect(await nitrileIn(search)).toEqual(['H01', 'H25']);
    expect(reads.flat()).toEqual([]);
    expect(await nitrileIn(new ProductSearch(asSyncDb(db)))).toEqual(['H01', 'H25']);

    // A new fill's chunks replace the old ones' text; one that fails leaves the last complete fill searched.
    catalogue = catalogueWith(['H12', 'H25']);
    down = true;
    expect((await fillFor(search, server.fetch)).failed).toBe(true);
    expect(await nitrileIn(search)).toEqual(['H01', 'H25']);
    down = false;
    reads.length = 0;
    expect((await fillFor(search, server.fetch)).failed).toBe(false);
    expect(await nitrileIn(search)).toEqual(['H12', 'H25']);
    expect(reads.flat()).toEqual([]);
    expect(await nitrileIn(new ProductSearch(asSyncDb(db)))).toEqual(['H12', 'H25']);
  });

  it('keeps the text of a few catalogues only: one pushed out is read back at its next search', async () => {
    db = freshDb('search-kept');
    const server = catalogueServer(() => catalogueWith(['H02', 'H29']));
    const search = new ProductSearch(asSyncDb(db), 1);
    const reads = chunkReads();
    await fillFor(search, server.fetch, sellerScope);
    await fillFor(search, server.fetch, buyerScope);
    expect(await nitrileIn(search, buyerScope)).toEqual(['H02', 'H29']);
    expect(reads.flat()).toEqual([]);
    expect(await nitrileIn(search, sellerScope)).toEqual(['H02', 'H29']);
    expect(reads.flat()).toHaveLength(3);
  });

  it("keeps, after refills with no search between, the last fill's text only, and no index over an older one", async () => {
    db = freshDb('search-refill');
    const { search, refill } = await filledOnce();
    expect(await nitrileIn(search)).toEqual(['H01']);
    await refill();
    await refill();
    // H01 to H30 in chunks of 10.
    expect(search.kept()).toEqual({ catalogues: 1, chunks: 3, indexes: 0 });
    const reads = chunkReads();
    expect(await nitrileIn(search)).toEqual(['H02']);
    expect(reads.flat()).toEqual([]);
  });

  it('keeps the text a fill hands over while a search of the fill before is reading: the next search reads no chunk', async () => {
    db = freshDb('search-straddle');
    const { search, refill } = await filledOnce();
    const reading = await searchMidRead(search, sellerScope);
    await refill();
    // It answers from the fill it began reading.
    expect(await reading.finish()).toEqual(['H01']);
    reading.reads.length = 0;
    expect(await nitrileIn(search)).toEqual(['H02']);
    expect(reading.reads.flat()).toEqual([]);
  });

  it('keeps no index of a catalogue pushed out while a search of it was reading', async () => {
    db = freshDb('search-pushed-out');
    const server = catalogueServer(() => catalogueWith(['H02']));
    const search = new ProductSearch(asSyncDb(db), 1);
    await fillFor(search, server.fetch, sellerScope);
    const reading = await searchMidRead(search, sellerScope);
    await fillFor(search, server.fetch, buyerScope);
    expect(await reading.finish()).toEqual(['H02']);
    expect(search.kept()).toEqual({ catalogues: 1, chunks: 3, indexes: 0 });
  });
});

describe('includes over a chunked catalogue', () => {
  const include = (code: string, included: boolean): CommandRequest => ({
    kind: 'product.inclusion',
    scope: buyerScope,
    method: 'POST',
    path: `/api/buyer/${BUYER}/seller/${SELLER}/meta/${code}`,
    body: { excluded: !included, productCode: code },
    touches: [{ table: 'productMeta', scope: buyerScope, key: productMetaKey(BUYER, SELLER, code) }],
  });
  const metaOf = async (code: string) => db.productMeta.get([buyerScope, productMetaKey(BUYER, SELLER, code)]);

  it("over a meta only a fill chunk holds: shows at once, stays over a new fill, is sent once, and a refusal uncovers the chunk's meta", async () => {
    db = freshDb('include-chunk');
    const server = catalogueServer(() => [
      productWrapper(SELLER, 'F1'),
      productWrapper(SELLER, 'F2', 'Tubes', { ...metaFor(BUYER, SELLER, 'F2', true), lastExportedEpochMilliSeconds: 5 }),
      productWrapper(SELLER, 'F3', 'Flasks', metaFor(BUYER, SELLER, 'F3', true)),
      productWrapper(SELLER, 'F4'),
    ]);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    const fillChunks = async () => {
      const first = await mirrorProductPage(ctx, buyerScope, SELLER, null, 1);
      expect((await mirrorProductFill(ctx, buyerScope, SELLER, first.next!, { size: 2 })).failed).toBe(false);
    };
    const shown = async (code: string) => heldMeta(asSyncDb(db), buyerScope, SELLER, code);
    await fillChunks();
    expect(await db.productMeta.count()).toBe(0);

    await enqueue(asSyncDb(db), include('F2', true));
    await enqueue(asSyncDb(db), include('F3', true));
    await enqueue(asSyncDb(db), include('F4', true));
    // The include's fields over the chunk's meta: the rest of it (last exported) still shows.
    expect(await shown('F2')).toMatchObject({ excluded: false, lastExportedEpochMilliSeconds: 5 });
    expect(await shown('F3')).toMatchObject({ excluded: false });
    expect(await shown('F4')).toMatchObject({ excluded: false, productCode: 'F4' });

    await fillChunks();
    expect((await shown('F2'))?.excluded).toBe(false);
    expect((await shown('F3'))?.excluded).toBe(false);

    const outbox = scriptedOutbox((request) => (request.url.endsWith('/F2') ? { status: 200, body: {} } : { status: 400, body: { errors: ['Product not found'] } }));
    const drain = () =>
      drainOutbox({
        db: asSyncDb(db),
        fetch: outbox.fetch,
        now: () => 0,
        signal: new AbortController().signal,
        backoff: { baseMs: 1000, maxMs: 60_000, random: () => 0.5 },
      });
    await drain();
    await drain();
    expect(outbox.requests.map((r) => r.url.split('/').pop())).toEqual(['F2', 'F3', 'F4']);
    expect((await shown('F2'))?.excluded).toBe(false);
    // Refused: back to what the chunk says, and to no meta where it has none.
    expect(await shown('F3')).toEqual({ ...metaFor(BUYER, SELLER, 'F3', true), scope: buyerScope, key: productMetaKey(BUYER, SELLER, 'F3'), rev: 0 });
    expect(await shown('F4')).toBeUndefined();
    expect(await db.bases.count()).toBe(0);
  });

  it("keeps the buyer's meta beside the chunk, shows an include at once, keeps it over a fill, and rolls it back when refused", async () => {
    db = freshDb('include');
    const server = catalogueServer(() => [
      productWrapper(SELLER, 'E1', 'Gloves', metaFor(BUYER, SELLER, 'E1', true)),
      productWrapper(SELLER, 'E2', 'Tubes', metaFor(BUYER, SELLER, 'E2', true)),
      productWrapper(SELLER, 'E3'),
    ]);
    const ctx = { db: asSyncDb(db), fetch: server.fetch };
    await fill(ctx, buyerScope, 2);
    expect((await metaOf('E1'))?.excluded).toBe(true);
    expect(await metaOf('E3')).toBeUndefined();

    await enqueue(asSyncDb(db), include('E1', true));
    await enqueue(asSyncDb(db), include('E3', true));
    expect((await metaOf('E1'))?.excluded).toBe(false);
    expect(await metaOf('E3')).toMatchObject({ excluded: false, productCode: 'E3' });

    // A fill lands while the includes wait: the server's rows go under them, the includes stay on top.
    await fill(ctx, buyerScope, 2);
    expect((await metaOf('E1'))?.excluded).toBe(false);
    expect((await metaOf('E3'))?.excluded).toBe(false);

    const outbox = scriptedOutbox((request) => (request.url.endsWith('/E1') ? { status: 200, body: {} } : { status: 400, body: { errors: ['Product not found'] } }));
    await drainOutbox({
      db: asSyncDb(db),
      fetch: outbox.fetch,
      now: () => 0,
      signal: new AbortController().signal,
      backoff: { baseMs: 1000, maxMs: 60_000, random: () => 0.5 },
    });
    expect(outbox.requests).toHaveLength(2);
    expect((await metaOf('E1'))?.excluded).toBe(false);
    expect(await metaOf('E3')).toBeUndefined();
    expect((await metaOf('E2'))?.excluded).toBe(true);
    expect(await heldCodes(buyerScope)).toEqual(['E1', 'E2', 'E3']);
  });
});

/** Leaves the database an older build left behind: a product and an order written at its last version. */
async function olderDatabase(name: string, versions: readonly Record<string, string>[]): Promise<void> {
  const old = new Dexie(name);
  versions.forEach((stores, i) => old.version(i + 1).stores(stores));
  await old.open();
  await old.table('products').put({ scope: sellerScope, key: productKey(SELLER, 'F1'), rev: 1, sellerId: SELLER, productCode: 'F1' });
  await old.table('orders').put({ scope: sellerScope, key: '4', rev: 1, orderNo: 'PO-4' });
  old.close();
}

describe('the upgrade from an older version', () => {
  it.each([
    { from: 1, versions: [STORES_V1] },
    { from: 2, versions: [STORES_V1, STORES_V2] },
  ])('from version $from adds the newer tables, drops the one-record-per-product rows to be mirrored again and keeps everything else', async ({ from, versions }) => {
    const name = `upgrade-v${from}-${process.pid}-${Date.now()}`;
    await olderDatabase(name, versions);

    db = new LocalDatabase(name);
    await db.open();
    expect(db.verno).toBe(4);
    expect([...db.backendDB().objectStoreNames]).toEqual(expect.arrayContaining(['categoryTrees', 'productChunks', 'invoiceMatching']));
    expect(await db.products.count()).toBe(0);
    expect(await db.categoryTrees.count()).toBe(0);
    expect(await db.orders.get([sellerScope, '4'])).toMatchObject({ orderNo: 'PO-4' });
    const server = catalogueServer(() => codes('F1'));
    await fill({ db: asSyncDb(db), fetch: server.fetch }, sellerScope, 20);
    expect(await heldCodes()).toEqual(['F1']);
  });
});
