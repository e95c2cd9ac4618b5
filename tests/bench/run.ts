/**
 * `npm run bench`: the offline core's figures. Runs in Node on fake-indexeddb (a pure
 * JavaScript IndexedDB, several times slower than a browser's), against the real
 * Fastify app on loopback with an in-memory SQLite. Figures are printed, never asserted.
 */
import 'fake-indexeddb/auto';
import { LocalDatabase } from '../../src/local/db/local-database';
import { benchCommand } from './command-latency.bench';
import { benchDrain } from './drain-real-server.bench';
import { benchMirrorAndSearch } from './mirror-products.bench';

async function main() {
  console.log('Offline core benchmarks (Node, fake-indexeddb in place of a browser IndexedDB; real server on 127.0.0.1)');
  const suites: Array<[string, (db: LocalDatabase) => Promise<string[]>]> = [
    ['command', benchCommand],
    ['drain', benchDrain],
    ['mirror', benchMirrorAndSearch],
  ];
  for (const [name, bench] of suites) {
    const db = new LocalDatabase(`bench-${name}`);
    try {
      for (const line of await bench(db)) console.log(`- ${line}`);
    } finally {
      db.close();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
