import { DEMO_CXML_SECRET } from '../../server/db/demo';
import { startServer } from '../e2e/support/server-process';
import { orderRequestXml } from '../server/helpers/cxml-orders';
import { startPostgres } from './api/postgres-cluster';
import { fmt, percentile } from './measure';

/**
 * `npm run bench -- cxml-in`: OrderRequests of 20 lines each posted to /cxml of a real
 * server process (demo data), as buyer systems would, several at a time; on SQLite and
 * on a throwaway PostgreSQL cluster. Prints accepted per second and the answer's p50/p99.
 */
const ORDERS = Number(process.env.BENCH_CXML_ORDERS ?? 400);
const CONCURRENCY = 8;
const LINES = Array.from({ length: 20 }, (_, i) => ({
  code: `BENCH-${1000 + i}`,
  quantity: (i % 7) + 1,
  price: 10 + i,
  uom: i % 3 === 0 ? 'LTR' : 'EA',
  description: `Bench item ${i + 1}`,
  comment: i % 5 === 0 ? 'Deliver to dock B' : '',
  tax: 1 + i / 10,
}));

async function measure(url: string, label: string): Promise<string> {
  const run = Date.now();
  const docs = Array.from({ length: ORDERS }, (_, i) =>
    orderRequestXml({ system: 'ariba', payloadId: `bench-${run}-${i}@bench`, orderId: `PO-BENCH-${run}-${i}`, secret: DEMO_CXML_SECRET, lines: LINES }),
  );
  // A short warm-up: the sandbox's workers load libxml2 and the DTDs on first use.
  for (let i = 0; i < 5; i++) await post(url, orderRequestXml({ payloadId: `warm-${run}-${i}@bench`, orderId: `PO-WARM-${run}-${i}`, secret: DEMO_CXML_SECRET, lines: LINES }));
  const latencies: number[] = [];
  let accepted = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < docs.length) {
        const doc = docs[next++]!;
        const t0 = performance.now();
        const status = await post(url, doc);
        latencies.push(performance.now() - t0);
        if (status === 200) accepted++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // The bound: an order of 500 lines answered within a second, one at a time.
  const large = Array.from({ length: 500 }, (_, i) => ({ ...LINES[i % LINES.length]!, code: `BIG-${i}` }));
  const largeTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await post(url, orderRequestXml({ system: 'ariba', payloadId: `big-${run}-${i}@bench`, orderId: `PO-BIG-${run}-${i}`, secret: DEMO_CXML_SECRET, lines: large }));
    largeTimes.push(performance.now() - t0);
  }
  largeTimes.sort((a, b) => a - b);
  return [
    `  ${label.padEnd(10)} ${fmt(accepted / seconds)} OrderRequests/s accepted (${accepted} of ${ORDERS}, 20 lines each, ${CONCURRENCY} at a time); answer p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms`,
    `  ${''.padEnd(10)} one 500-line OrderRequest answered in ${fmt(percentile(largeTimes, 50))} ms (median of 5), at most ${fmt(largeTimes.at(-1)!)} ms`,
  ].join('\n');
}

async function post(url: string, body: string): Promise<number> {
  const res = await fetch(`${url}/cxml`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
  await res.text();
  return res.status;
}

async function onServer(env: Record<string, string>, label: string): Promise<string> {
  const server = await startServer({ env: { PORTAL_LOG: '0', ...env } });
  try {
    return await measure(server.url, label);
  } finally {
    await server.stop();
  }
}

export async function cxmlInBench(): Promise<void> {
  console.log('cXML in: OrderRequests posted to /cxml of a real server process');
  console.log(await onServer({}, 'SQLite'));
  const cluster = await startPostgres();
  if ('unavailable' in cluster) {
    console.log(`  PostgreSQL could not be started, so it was not measured: ${cluster.unavailable}`);
    return;
  }
  try {
    console.log(await onServer({ DATABASE_URL: cluster.url }, 'PostgreSQL'));
  } finally {
    await cluster.stop();
  }
}
