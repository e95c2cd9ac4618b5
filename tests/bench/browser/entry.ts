/**
 * The benchmark page's script, bundled by run-in-chromium.ts and loaded on the real
 * server's origin so it shares the supplier's session cookie. Each suite runs on its
 * own fresh IndexedDB database.
 */
import { LocalDatabase } from '../../../src/local/db/local-database';
import { benchCommand } from '../command-latency.bench';
import { benchDrain } from '../drain-real-server.bench';
import { benchBuyerMirror, benchMirrorAndSearch } from '../mirror-products.bench';

const suites: Record<string, (db: LocalDatabase) => Promise<string[]>> = {
  command: benchCommand,
  drain: (db) => benchDrain(db, (input, init) => fetch(input, init)),
  mirror: benchMirrorAndSearch,
  // On a page signed in as the buyer (run.ts).
  'mirror-buyer': benchBuyerMirror,
};

async function run(name: string): Promise<string[]> {
  const suite = suites[name];
  if (!suite) throw new Error(`no benchmark suite ${name}`);
  const dbName = `bench-${name}-${Date.now()}`;
  const db = new LocalDatabase(dbName);
  try {
    return await suite(db);
  } finally {
    db.close();
    await LocalDatabase.delete(dbName);
  }
}

Object.assign(globalThis, { portalBench: { suites: Object.keys(suites), run } });
