import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../../e2e/support/server-process';
import { fmt } from '../measure';
import { HOT_PATHS, USERNAME } from './hot-paths';
import { FIXED_RATE, fixedRate, RUN_SECONDS } from './load';
import { signIn } from './sign-in';

/** One way of running the server for the fixed-rate order list: with the stats hook (sampling the loop every so many ms), or bare. */
interface Variant {
  name: string;
  loopResolutionMs?: number;
}

const VARIANTS: Variant[] = [
  { name: 'no hook' },
  { name: 'hook, loop sampled every 10 ms', loopResolutionMs: 10 },
  { name: 'hook, loop sampled every 1 ms (as before)', loopResolutionMs: 1 },
];
const PAIRS = Number(process.env.BENCH_PROBE_ROUNDS ?? 2);

/**
 * `npm run bench -- api-hook-probe`: does the bench's own instrument move the figure it
 * reports? The order list at the fixed rate, on a fresh server each time, with and
 * without the stats hook (server-stats-hook.mjs), the variants interleaved so a change
 * in the machine's load spoils all alike. Prints the client's p50/p99, its latency
 * histogram, the server's CPU per answer and, with the hook, the server's own view.
 */
export async function hookProbe(): Promise<void> {
  const path = HOT_PATHS[0]!;
  for (let round = 1; round <= PAIRS; round++) {
    for (const variant of VARIANTS) {
      const statsDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-'));
      const statsFile = join(statsDir, 'stats.json');
      const hooked = variant.loopResolutionMs !== undefined;
      const env: Record<string, string> = hooked
        ? {
            NODE_OPTIONS: `--import ${join(import.meta.dirname, 'server-stats-hook.mjs')}`,
            PORTAL_BENCH_STATS: statsFile,
            PORTAL_BENCH_LOOP_RESOLUTION_MS: String(variant.loopResolutionMs),
          }
        : {};
      const started = await startServer({ env });
      const server = hooked ? { ...started, statsFile } : started;
      try {
        const cookie = await signIn(server.url, USERNAME);
        await autocannon({ url: `${server.url}${path.path}`, headers: { cookie, accept: 'application/json' }, connections: 10, duration: Math.min(3, RUN_SECONDS) });
        const f = await fixedRate(server, path, cookie, FIXED_RATE, RUN_SECONDS);
        const client = f.client!;
        const histogram = client.histogram.map(([bound, n]) => `${bound}:${n}`).join(' ');
        const inside = f.inside
          ? `; server answer p50 ${f.inside.server.requestP50Ms} p99 ${f.inside.server.requestP99Ms} ms, loop delay p99 ${f.inside.server.loopDelayP99Ms} ms`
          : '';
        console.log(
          `round ${round}, ${variant.name}: p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${fmt(f.cpuMs, 2)} ms/req, client loop delay p99 ${client.loopDelayP99} ms, ` +
            `client GC ${client.gc}${inside}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n    ms histogram ${histogram}`,
        );
      } finally {
        await server.stop();
        rmSync(server.dataDir, { recursive: true, force: true });
        rmSync(statsDir, { recursive: true, force: true });
      }
    }
  }
}
