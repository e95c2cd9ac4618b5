import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../e2e/support/server-process';
import { fmt } from '../measure';
import { BUYER, HOT_PATHS, USERNAME } from './hot-paths';
import { CONNECTION_COUNTS, FIXED_RATE, measurePath, RUN_SECONDS, type LoadFigures, type PathFigures } from './load';
import { startPostgres } from './postgres-cluster';
import { reconnectStorm } from './reconnect-storm';
import { signIn } from './sign-in';

interface DatabaseFigures {
  paths: PathFigures[];
  storm: string[];
}

/** One server process on a fresh data directory with the demo data, measured from outside over loopback. */
async function measureServer(env: Record<string, string>): Promise<DatabaseFigures> {
  const statsDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-'));
  const statsFile = join(statsDir, 'stats.json');
  // The young generation's size as `npm start` sets it (package.json): 64 MB semi-spaces
  // cut scavenges to about a quarter (12 to 3 in a 6 s run of the order list, 73 to 16 of
  // pages built afresh), and their pauses with them.
  const hook = { NODE_OPTIONS: `--max-semi-space-size=64 --import ${join(import.meta.dirname, 'server-stats-hook.mjs')}`, PORTAL_BENCH_STATS: statsFile };
  const started = await startServer({ env: { ...env, ...hook } });
  const server = { ...started, statsFile };
  try {
    const cookie = await signIn(server.url, USERNAME);
    const paths: PathFigures[] = [];
    for (const path of HOT_PATHS) paths.push(await measurePath(server, cookie, path));
    const storm = await reconnectStorm(server, BUYER, USERNAME);
    return { paths, storm };
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(statsDir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<DatabaseFigures | string> {
  const cluster = await startPostgres();
  if ('unavailable' in cluster) return `PostgreSQL could not be started, so it was not measured: ${cluster.unavailable}`;
  try {
    return await measureServer({ DATABASE_URL: cluster.url });
  } finally {
    await cluster.stop();
  }
}

const describe = (f: LoadFigures) =>
  `${Math.round(f.rate)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${fmt(f.cpuMs, 2)} ms/req${f.failures ? ` (${f.failures} FAILED)` : ''}`;

/** The server's own view of the fixed-rate run beside the client's: which side the tail came from. */
function describeInside(f: LoadFigures): string {
  if (!f.inside) return '';
  const { server, clientLoopDelayP99 } = f.inside;
  const gc = Object.entries(server.gc)
    .map(([kind, g]) => `${kind} ${g.count}× ${fmt(g.totalMs, 0)} ms in all, max ${fmt(g.maxMs, 1)} ms`)
    .join(', ');
  return (
    `; server: answer p50 ${server.requestP50Ms} ms p99 ${server.requestP99Ms} ms max ${server.requestMaxMs} ms, ` +
    `event loop delay p99 ${server.loopDelayP99Ms} ms max ${server.loopDelayMaxMs} ms, GC ${gc || 'none'}; client event loop delay p99 ${clientLoopDelayP99} ms`
  );
}

function printTable(columns: Array<[string, DatabaseFigures | string]>): void {
  const rows: string[][] = [['', ...columns.map(([name]) => name)]];
  const cell = (figures: DatabaseFigures | string, pick: (f: DatabaseFigures) => string) => (typeof figures === 'string' ? 'not measured' : pick(figures));
  HOT_PATHS.forEach((path, i) => {
    rows.push([path.name, ...columns.map(() => '')]);
    rows.push([`  at a fixed ${FIXED_RATE} req/s`, ...columns.map(([, f]) => cell(f, (d) => describe(d.paths[i]!.fixed)))]);
    for (const [name, figures] of columns) {
      if (typeof figures !== 'string') rows.push([`    inside, ${name}`, ...columns.map(([other]) => (other === name ? describeInside(figures.paths[i]!.fixed).slice(2) : ''))]);
    }
    for (const connections of CONNECTION_COUNTS) {
      rows.push([`  most it serves, ${connections} connections`, ...columns.map(([, f]) => cell(f, (d) => describe(d.paths[i]!.max[connections]!)))]);
    }
  });
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) console.log(row.map((text, c) => text.padEnd(widths[c]!)).join(' | ').trimEnd());
  for (const [name, figures] of columns) {
    console.log(`${name}:`);
    for (const line of typeof figures === 'string' ? [figures] : figures.storm) console.log(`  ${line}`);
  }
}

/**
 * `npm run bench -- api`: the hot read paths and a reconnect storm against the real
 * server process, on SQLite and on a throwaway PostgreSQL cluster, printed side by side.
 */
export async function runApiBench(): Promise<void> {
  console.log(
    `API under load: one server process (server/main.ts, demo data, request log off), ${USERNAME} signed in; ` +
      `autocannon on the same machine over loopback, ${RUN_SECONDS} s per run after a warm-up; CPU is the server process's own time per answer; ` +
      `the fixed rate comes from a load generator process of its own, with the server's own figures (server-stats-hook.mjs) beside it`,
  );
  const sqlite = await measureServer({});
  const postgres = await measurePostgres();
  printTable([
    ['SQLite', sqlite],
    ['PostgreSQL', postgres],
  ]);
}
