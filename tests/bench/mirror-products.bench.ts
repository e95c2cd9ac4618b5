import { asSyncDb, type LocalDatabase } from '../../src/local/db/local-database';
import { applyRows } from '../../src/sync/apply-rows';
import { ProductSearch } from '../../src/sync/product-search';
import { productKey } from '../../src/sync/row-keys';
import type { RowWrite } from '../../src/sync/split-row';
import { fmt, percentile, timed } from './measure';

const PRODUCTS = 100_000;
const BATCH = 2_000;
const SELLER = 'SUPACMESCI01';
const scope = `seller:${SELLER}`;
const WORDS = ['nitrile', 'glove', 'beaker', 'pipette', 'flask', 'reagent', 'buffer', 'ethanol', 'filter', 'tube', 'rack', 'sterile'];

function product(i: number): RowWrite {
  const code = `P${String(i).padStart(6, '0')}`;
  return {
    table: 'products',
    scope,
    key: productKey(SELLER, code),
    rev: i + 1,
    row: {
      productCode: code,
      sellerId: SELLER,
      description: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} size ${i % 50}`,
      unitOfMeasure: 'EA',
      flagCode: 'A',
    },
  };
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
 * The same rows written with the bare IndexedDB API (one store, the same key and index,
 * no library, no overlay): what this browser on this machine can do at best, so the
 * product's figure can be read against it.
 */
async function rawIndexedDbRate(): Promise<number> {
  const name = `bench-raw-${Date.now()}`;
  const raw = await openRaw(name);
  const [, ms] = await timed(async () => {
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      await new Promise<void>((resolve, reject) => {
        const tx = raw.transaction('products', 'readwrite');
        const store = tx.objectStore('products');
        for (let i = start; i < Math.min(start + BATCH, PRODUCTS); i++) {
          const w = product(i);
          store.put({ ...w.row, scope: w.scope, key: w.key, rev: w.rev });
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

/** Mirrors 100,000 products the way a pull does (batches applied in one transaction each), then searches them. */
export async function benchMirrorAndSearch(db: LocalDatabase): Promise<string[]> {
  const [, ms] = await timed(async () => {
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      const writes = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, (_, i) => product(start + i));
      await applyRows(asSyncDb(db), writes);
    }
  });
  const raw = await rawIndexedDbRate();
  const lines = [
    `mirror ${PRODUCTS.toLocaleString('en-AU')} products into Dexie: ${fmt(ms / 1000, 2)} s = ${fmt(PRODUCTS / (ms / 1000), 0)} rows/s (target 30,000 rows/s)`,
    `  the same rows with the bare IndexedDB API, the ceiling here: ${fmt(raw, 0)} rows/s`,
  ];

  const search = new ProductSearch(asSyncDb(db));
  const [, cold] = await timed(() => search.search(scope, SELLER, 'nitrile glove', 50));
  const times: number[] = [];
  const queries = ['beaker', 'pipette size 4', 'P0999', 'sterile tube', 'ethanol flask size 1', 'nothing-matches'];
  for (let i = 0; i < 60; i++) {
    const [, t] = await timed(() => search.search(scope, SELLER, queries[i % queries.length]!, 50));
    times.push(t);
  }
  times.sort((a, b) => a - b);
  lines.push(
    `search over ${PRODUCTS.toLocaleString('en-AU')} mirrored products: first ${fmt(cold)} ms (loads the catalogue into the worker), then median ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms (target < 50 ms)`,
  );
  return lines;
}
