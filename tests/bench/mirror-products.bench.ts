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

/** Mirrors 100,000 products the way a pull does (batches applied in one transaction each), then searches them. */
export async function benchMirrorAndSearch(db: LocalDatabase): Promise<string[]> {
  const [, ms] = await timed(async () => {
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      const writes = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, (_, i) => product(start + i));
      await applyRows(asSyncDb(db), writes);
    }
  });
  const lines = [`mirror ${PRODUCTS.toLocaleString('en-AU')} products into Dexie: ${fmt(ms / 1000, 2)} s = ${fmt(PRODUCTS / (ms / 1000), 0)} rows/s (target 30,000 rows/s)`];

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
