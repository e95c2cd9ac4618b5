import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
}

/** What the parent bench sends to the load generator process (EVEN_RATE_JOB, JSON). */
export interface EvenLoadJob {
  url: string;
  cookie: string;
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
export async function evenLoad(job: EvenLoadJob): Promise<EvenLoadResult> {
  const path = HOT_PATHS[job.path]!;
  const { rate, seconds, cookie } = job;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const { hostname, port } = new URL(job.url);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const start = performance.now();

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { agent, hostname, port, path: path.pathOf ? path.pathOf(n) : path.path, headers: { cookie, accept: 'application/json' } },
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
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: tenths(quantile(latencies, 0.5)),
    p99: tenths(quantile(latencies, 0.99)),
    answered: latencies.length,
    failures,
    seconds: elapsed,
    clientLoopDelayP99: tenths(loopDelay.percentile(99) / 1e6),
  };
}

// Run as its own process by load.ts (`node --import tsx even-rate.ts`), so that the
// bench process's garbage (autocannon's histograms and buffers from the run before)
// is not collected in the middle of this run's timings; prints its result as JSON.
if (process.env.EVEN_RATE_JOB) {
  const result = await evenLoad(JSON.parse(process.env.EVEN_RATE_JOB) as EvenLoadJob);
  process.stdout.write(JSON.stringify(result));
}
