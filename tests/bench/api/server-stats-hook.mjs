// Loaded into the server process through NODE_OPTIONS (`--import`), so the bench can
// tell the server's own delays from the load generator's: a client-side p99 alone
// cannot say whether the server answered late or the client sent or read late.
// Each SIGUSR2 writes what was seen since the previous one to PORTAL_BENCH_STATS
// (JSON, with a sequence number the bench waits for) and starts afresh:
// - per-request time inside the server, from the request's arrival to its last byte
//   handed to the socket (diagnostics channels of node:http, no server code changed);
// - the event loop's delay (perf_hooks.monitorEventLoopDelay);
// - garbage collection pauses by kind (a PerformanceObserver on 'gc' entries).
import { subscribe } from 'node:diagnostics_channel';
import { renameSync, writeFileSync } from 'node:fs';
import { createHistogram, monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';
import process from 'node:process';

const file = process.env.PORTAL_BENCH_STATS;
if (file) {
  const started = new WeakMap();
  let requestNs = createHistogram();
  // The loop's delay sampled every 10 ms, not every 1 ms: a timer waking the server a
  // thousand times a second (and the generator beside it on two cores) roughly tripled
  // the fixed-rate run's client p50 and p99 it was meant to explain. A pause of a
  // millisecond or more still delays the next sample by as much, so the figures hold.
  // PORTAL_BENCH_LOOP_RESOLUTION_MS exists for the paired probe (hook-probe.ts) only.
  const resolutionMs = Number(process.env.PORTAL_BENCH_LOOP_RESOLUTION_MS ?? 10);
  const loopDelay = monitorEventLoopDelay({ resolution: resolutionMs });
  loopDelay.enable();
  let gc = {};
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-sweep',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[entry.detail?.kind] ?? 'other';
      const k = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count++;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  subscribe('http.server.request.start', ({ response }) => started.set(response, process.hrtime.bigint()));
  subscribe('http.server.response.finish', ({ response }) => {
    const start = started.get(response);
    if (start !== undefined) requestNs.record(Math.max(1, Number(process.hrtime.bigint() - start)));
  });
  let sequence = 0;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    sequence++;
    // Written aside and renamed, so the bench never reads half a file.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({
        sequence,
        requests: requestNs.count,
        requestP50Ms: ms(requestNs.percentile(50)),
        requestP99Ms: ms(requestNs.percentile(99)),
        requestMaxMs: ms(requestNs.max),
        // The histogram holds the time between samples, the sampling interval included: the delay is what exceeds it.
        loopDelayP99Ms: ms(Math.max(0, loopDelay.percentile(99) - resolutionMs * 1e6)),
        loopDelayMaxMs: ms(Math.max(0, loopDelay.max - resolutionMs * 1e6)),
        gc,
      }),
    );
    renameSync(`${file}.tmp`, file);
    requestNs = createHistogram();
    loopDelay.reset();
    gc = {};
  });
}
