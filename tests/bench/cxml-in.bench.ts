import { DEMO_CXML_SECRET } from '../../server/db/demo';
import { startServer } from '../e2e/support/server-process';
import { orderRequestXml } from '../server/helpers/cxml-orders';
import { cpuTimeMs } from './api/load';
import { startPostgres } from './api/postgres-cluster';
import { fmt, percentile } from './measure';
import { rawHttpPoster, rawPost, type RawHttpPoster } from './raw-http-poster';

/**
 * `npm run bench -- cxml-in`: OrderRequests of 20 lines each posted to /cxml of a real
 * server process (demo data), as buyer systems would, several at a time; on SQLite and
 * on a throwaway PostgreSQL cluster. Prints accepted per second with CONCURRENCY posted at a
 * time and the answer's p50/p99 then, and the answer's p50/p99 at RATE a second offered evenly.
 */
const ORDERS = Number(process.env.BENCH_CXML_ORDERS ?? 400);
const WARM_UP = Number(process.env.BENCH_CXML_WARM_UP ?? 300);
const CONCURRENCY = 8;
/** The aim, offered as an even, open-loop load: the p99 there is the answer's time at that load, not a queue's. */
const RATE = Number(process.env.BENCH_CXML_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_CXML_RATE_SECONDS ?? 5);
const SETTLE_MS = 2000;
const LINES = Array.from({ length: 20 }, (_, i) => ({
  code: `BENCH-${1000 + i}`,
  quantity: (i % 7) + 1,
  price: 10 + i,
  uom: i % 3 === 0 ? 'LTR' : 'EA',
  description: `Bench item ${i + 1}`,
  comment: i % 5 === 0 ? 'Deliver to dock B' : '',
  tax: 1 + i / 10,
}));

/** OrderRequests posted CONCURRENCY at a time: how many were accepted a second, and each answer's time, sorted. */
async function postAll(poster: RawHttpPoster, docs: Buffer[]): Promise<{ perSecond: number; accepted: number; latencies: number[] }> {
  const latencies: number[] = [];
  let accepted = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < docs.length) {
        const doc = docs[next++]!;
        const t0 = performance.now();
        const status = await poster.send(doc);
        latencies.push(performance.now() - t0);
        if (status === 200) accepted++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: accepted / seconds, accepted, latencies: latencies.sort((a, b) => a - b) };
}

/**
 * Posts `docs` at RATE a second, evenly spaced, whatever the answers' pace: each answer's time
 * runs from when its request was due, so a request sent late by a busy machine counts its wait.
 */
async function postAtRate(poster: RawHttpPoster, docs: Buffer[]): Promise<{ latencies: number[]; accepted: number; seconds: number }> {
  const latencies: number[] = [];
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    docs.map(async (doc, n) => {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if ((await poster.send(doc)) === 200) accepted++;
      latencies.push(performance.now() - due);
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), accepted, seconds: (performance.now() - started) / 1000 };
}

async function measure(url: string, pid: number, label: string): Promise<string> {
  const run = Date.now();
  // Each document is written and made a request before the clock starts, as a buyer's system makes it on its own machine.
  const request = (payloadId: string, orderId: string, lines: typeof LINES) =>
    rawPost(url, '/cxml', 'text/xml', orderRequestXml({ system: 'ariba', payloadId, orderId, secret: DEMO_CXML_SECRET, lines }));
  const batch = (name: string, count: number) => Array.from({ length: count }, (_, i) => request(`${name}-${run}-${i}@bench`, `PO-${name.toUpperCase()}-${run}-${i}`, LINES));
  const poster = rawHttpPoster(url);
  try {
    // The first orders after a start pay for compiling: V8 tiers up the server's code and the
    // sandbox workers' libxml2 (WebAssembly) on background threads, about 12 ms of CPU an
    // order over the first few hundred. A server runs for days: the figure is taken after
    // WARM_UP orders, and the cold one printed beside it.
    const cold = await postAll(poster, batch('warm', WARM_UP));
    const docs = batch('bench', ORDERS);
    const cpuBefore = cpuTimeMs(pid);
    const clientBefore = process.cpuUsage();
    const { perSecond, accepted, latencies } = await postAll(poster, docs);
    const cpuPerOrder = (cpuTimeMs(pid) - cpuBefore) / ORDERS;
    const client = process.cpuUsage(clientBefore);
    const clientPerOrder = (client.user + client.system) / 1000 / ORDERS;
    const rateDocs = batch('rate', RATE * RATE_SECONDS);
    // The flat-out burst leaves work behind (its garbage, its WAL to checkpoint): the even
    // load starts once that is done, as it would on a server that was not just flooded.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const atRate = await postAtRate(poster, rateDocs);
    // The bound: an order of 500 lines answered within a second, one at a time.
    const large = Array.from({ length: 500 }, (_, i) => ({ ...LINES[i % LINES.length]!, code: `BIG-${i}` }));
    const largeTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const doc = request(`big-${run}-${i}@bench`, `PO-BIG-${run}-${i}`, large);
      const t0 = performance.now();
      await poster.send(doc);
      largeTimes.push(performance.now() - t0);
    }
    largeTimes.sort((a, b) => a - b);
    return [
      `  ${label.padEnd(10)} ${fmt(perSecond)} OrderRequests/s accepted (${accepted} of ${ORDERS}, 20 lines each, ${CONCURRENCY} at a time, after ${WARM_UP} to warm up); answer p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms`,
      `  ${''.padEnd(10)} the server's CPU ${fmt(cpuPerOrder)} ms an order (every thread: the event loop, the sandbox's readers, the collector's); the bench's client ${fmt(clientPerOrder)} ms`,
      `  ${''.padEnd(10)} offered ${RATE}/s evenly for ${RATE_SECONDS} s: ${atRate.accepted} of ${RATE * RATE_SECONDS} accepted in ${fmt(atRate.seconds)} s; answer p50 ${fmt(percentile(atRate.latencies, 50))} ms, p99 ${fmt(percentile(atRate.latencies, 99))} ms`,
      `  ${''.padEnd(10)} the ${WARM_UP} first after the start: ${fmt(cold.perSecond)}/s, p99 ${fmt(percentile(cold.latencies, 99))} ms`,
      `  ${''.padEnd(10)} one 500-line OrderRequest answered in ${fmt(percentile(largeTimes, 50))} ms (median of 5), at most ${fmt(largeTimes.at(-1)!)} ms`,
    ].join('\n');
  } finally {
    poster.close();
  }
}

async function onServer(env: Record<string, string>, label: string): Promise<string> {
  // As `npm start` runs it: the cXML readers' workers start with the server.
  const server = await startServer({ env: { PORTAL_LOG: '0', PORTAL_SANDBOX_WARM: '1', ...env } });
  try {
    return await measure(server.url, server.pid, label);
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
