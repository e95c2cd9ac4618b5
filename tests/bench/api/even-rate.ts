import { Agent, request } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { HOT_PATHS } from './hot-paths';

/** Of sorted values, the one at fraction `q`. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** What the load generator measured: latencies as the client saw them, and its own event loop's delay. */
export interface EvenLoadResult {
  p50: number;
  p99: number;
  answered: number;
  failures: number;
  seconds: number;
  /** The client's own event loop delay p99: a request timed late by a busy client shows up here, not in the server's figures. */
  clientLoopDelayP99: number;
  /** How many answers took under each bound (ms), for seeing where a tail clusters (40 ms is TCP's delayed ACK). */
  histogram: Array<[bound: string, count: number]>;
  /** The generator's own garbage collections during the run: a client pause delays every answer it was reading. */
  clientGc: string;
}

const HISTOGRAM_BOUNDS_MS = [1, 2, 5, 10, 20, 30, 40, 50, 75, 100, 200, Infinity];

/** Counts by bucket, labelled by upper bound (`<40`), the last one `≥200`: the figures cross a process boundary as JSON, where Infinity would not. */
function histogramOf(sorted: number[]): Array<[string, number]> {
  let i = 0;
  return HISTOGRAM_BOUNDS_MS.map((bound, b) => {
    const from = i;
    while (i < sorted.length && sorted[i]! < bound) i++;
    return [bound === Infinity ? `≥${HISTOGRAM_BOUNDS_MS[b - 1]}` : `<${bound}`, i - from];
  });
}

/** What the parent bench sends to the load generator process (EVEN_RATE_JOB, JSON). */
export interface EvenLoadJob {
  url: string;
  /** Request n is sent with cookie n modulo their number (tablets, each its own user). */
  cookies: string[];
  /** Index into HOT_PATHS: a path's function cannot cross a process boundary, its index can. */
  path: number;
  rate: number;
  seconds: number;
}

/**
 * An open-loop load of exactly `rate` requests a second, evenly spaced. autocannon's
 * rate option sends each connection's quota back to back at the start of every second,
 * so "300 req/s" arrives as one burst of 300 and its p99 is the time to drain the burst,
 * not the server's latency at that load. Each latency here runs from the moment the
 * request was due, so a request the client sent late (a busy machine) still counts its wait.
 */
async function evenLoad(job: EvenLoadJob): Promise<EvenLoadResult> {
  const path = HOT_PATHS[job.path]!;
  const { rate, seconds, cookies } = job;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const { hostname, port } = new URL(job.url);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const start = performance.now();

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { agent, hostname, port, path: path.pathOf ? path.pathOf(n) : path.path, headers: { cookie: cookies[n % cookies.length]!, accept: 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
            else failures++;
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end();
    });

  const pending: Array<Promise<void>> = [];
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; sent < due; sent++) pending.push(send(sent, start + (sent * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  loopDelay.disable();
  gcObserver.disconnect();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: tenths(quantile(latencies, 0.5)),
    p99: tenths(quantile(latencies, 0.99)),
    answered: latencies.length,
    failures,
    seconds: elapsed,
    clientLoopDelayP99: tenths(loopDelay.percentile(99) / 1e6),
    histogram: histogramOf(latencies),
    clientGc: `${gc.count}× ${tenths(gc.totalMs)} ms in all, max ${tenths(gc.maxMs)} ms`,
  };
}

// Run as its own process by load.ts (`node --import tsx even-rate.ts`), so that the
// bench process's garbage (autocannon's histograms and buffers from the run before)
// is not collected in the middle of this run's timings; prints its result as JSON.
if (process.env.EVEN_RATE_JOB) {
  const result = await evenLoad(JSON.parse(process.env.EVEN_RATE_JOB) as EvenLoadJob);
  process.stdout.write(JSON.stringify(result));
}
