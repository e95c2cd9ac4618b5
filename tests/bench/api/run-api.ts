import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../e2e/support/server-process';
import { fmt } from '../measure';
import { BUYER, HOT_PATHS, USERNAME } from './hot-paths';
import { CONNECTION_COUNTS, FIXED_RATE, load, measurePath, RUN_SECONDS, type Cookies, type LoadFigures, type PathFigures, type Server } from './load';
import { startPostgres, type PostgresCluster } from './postgres-cluster';
import { reconnectStorm, TABLETS, type StormFigures } from './reconnect-storm';
import { startServerCluster } from './server-cluster';
import { signIn } from './sign-in';
import { signInTablets, type ServerData } from './tablet-users';

interface DatabaseFigures {
  paths: PathFigures[];
  /** Left out when BENCH_API_PATHS does not name it. */
  storm: StormFigures | null;
  /** The machine's load average when the run ended: the machine may be shared. */
  load: string;
}

/** Which runs to make (BENCH_API_RUNS=sqlite,postgres,scale; all by default): a trial of one change need not wait for the others. */
const RUNS = new Set((process.env.BENCH_API_RUNS ?? 'sqlite,postgres,scale').split(','));

/**
 * Which paths to measure (BENCH_API_PATHS=fill,feed: paths whose name holds one of the
 * words; `storm` names the reconnect storm; all by default): a trial of one path's change
 * need not load the machine with the others.
 */
const PATH_WORDS = process.env.BENCH_API_PATHS?.split(',').map((w) => w.trim().toLowerCase());
const named = (name: string) => !PATH_WORDS || PATH_WORDS.some((w) => name.toLowerCase().includes(w));
const MEASURED = HOT_PATHS.filter((p) => named(p.name));
const STORM = named('storm');

/** The 1, 5 and 15 minute load averages, as printed beside every figure. */
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/**
 * Who asks each path: the buyer's reads come from the storm's tablets in turn (each its
 * own user, as a shift's tablets are; the changes feed limits the pages one user has in
 * the making), another user's view from that user's one session.
 */
async function cookiesFor(server: Server, tablets: string[]): Promise<Map<string, Cookies>> {
  const cookies = new Map<string, Cookies>([[USERNAME, tablets]]);
  for (const path of MEASURED) {
    const user = path.username ?? USERNAME;
    if (!cookies.has(user)) cookies.set(user, await signIn(server.url, user));
  }
  return cookies;
}

const cookiesOf = (cookies: Map<string, Cookies>, path: (typeof HOT_PATHS)[number]) => cookies.get(path.username ?? USERNAME)!;

/** What the bench reads of PostgreSQL while a server uses the database `url`: the cluster's CPU time and the statements run. */
const databaseGauges = (cluster: PostgresCluster, url: string): Pick<Server, 'databaseCpuMs' | 'databaseStatements'> => ({
  databaseCpuMs: cluster.cpuMs,
  databaseStatements: () => cluster.statements(url),
});

/** One server process on a fresh data directory with the demo data, measured from outside over loopback. */
async function measureServer(env: Record<string, string>, database?: PostgresCluster): Promise<DatabaseFigures> {
  const statsDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-'));
  const statsFile = join(statsDir, 'stats.json');
  const hook = { NODE_OPTIONS: `--import ${join(import.meta.dirname, 'server-stats-hook.mjs')}`, PORTAL_BENCH_STATS: statsFile };
  const started = await startServer({ env: { ...env, ...hook } });
  const server: Server = { ...started, statsFile, ...(database && env.DATABASE_URL ? databaseGauges(database, env.DATABASE_URL) : {}) };
  try {
    const data: ServerData = { dataDir: started.dataDir, databaseUrl: env.DATABASE_URL };
    const tablets = await signInTablets(server.url, data, BUYER, TABLETS, 'one');
    const cookies = await cookiesFor(server, tablets);
    const paths: PathFigures[] = [];
    for (const path of MEASURED) paths.push(await measurePath(server, cookiesOf(cookies, path), path));
    const storm = STORM ? await reconnectStorm(server, BUYER, tablets) : null;
    return { paths, storm, load: loadAverage() };
  } finally {
    await started.stop();
    rmSync(started.dataDir, { recursive: true, force: true });
    rmSync(statsDir, { recursive: true, force: true });
  }
}

/** Several processes: the most each path serves, and the storm, on `processes` server processes sharing one PostgreSQL database. */
interface ScaleFigures {
  processes: number;
  paths: LoadFigures[];
  storm: StormFigures | null;
  load: string;
}

/** The connections the scale-out comparison keeps busy: enough for every process to have work queued. */
const SCALE_CONNECTIONS = 50;

async function measureProcesses(cluster: PostgresCluster, databaseUrl: string, processes: number): Promise<ScaleFigures> {
  const env = { DATABASE_URL: databaseUrl };
  const servers = await startServerCluster(processes, env);
  const server: Server = { ...servers, ...databaseGauges(cluster, databaseUrl) };
  try {
    const tablets = await signInTablets(server.url, { dataDir: servers.dataDir, databaseUrl }, BUYER, TABLETS, `p${processes}`);
    const cookies = await cookiesFor(server, tablets);
    const paths: LoadFigures[] = [];
    for (const path of MEASURED) {
      await load(server, path, cookiesOf(cookies, path), { connections: 10, seconds: Math.min(3, RUN_SECONDS) });
      paths.push(await load(server, path, cookiesOf(cookies, path), { connections: SCALE_CONNECTIONS, seconds: RUN_SECONDS }));
    }
    const storm = STORM ? await reconnectStorm(server, BUYER, tablets) : null;
    return { processes, paths, storm, load: loadAverage() };
  } finally {
    await servers.stop();
  }
}

interface PostgresFigures {
  single: DatabaseFigures | string;
  scale: ScaleFigures[];
}

/**
 * On one throwaway PostgreSQL cluster: the one-process run beside SQLite's, then one and
 * two server processes on a second database (seeded by the first process that starts on
 * it; the second run finds it ready and adds only its own tablets' users).
 */
async function measurePostgres(): Promise<PostgresFigures | string> {
  const cluster = await startPostgres();
  if ('unavailable' in cluster) return `PostgreSQL could not be started, so it was not measured: ${cluster.unavailable}`;
  try {
    const single = RUNS.has('postgres') ? await measureServer({ DATABASE_URL: cluster.url }, cluster) : 'left out (BENCH_API_RUNS)';
    const scale: ScaleFigures[] = [];
    if (RUNS.has('scale')) {
      const shared = await cluster.newDatabase('portal_bench_scale');
      for (const processes of [1, 2]) scale.push(await measureProcesses(cluster, shared, processes));
    }
    return { single, scale };
  } finally {
    await cluster.stop();
  }
}

const cpuOf = (f: LoadFigures) =>
  `CPU ${fmt(f.cpuMs, 2)} ms/req${f.databaseCpuMs === undefined ? '' : ` + PostgreSQL ${fmt(f.databaseCpuMs, 2)}`}${f.statements === undefined ? '' : `, ${fmt(f.statements, 2)} statements/req`}`;

const describe = (f: LoadFigures) => `${Math.round(f.rate)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${cpuOf(f)}${f.failures ? ` (${f.failures} FAILED)` : ''}`;

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

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) console.log(row.map((text, c) => text.padEnd(widths[c]!)).join(' | ').trimEnd());
}

function printDatabases(columns: Array<[string, DatabaseFigures | string]>): void {
  const rows: string[][] = [['', ...columns.map(([name]) => name)]];
  const cell = (figures: DatabaseFigures | string, pick: (f: DatabaseFigures) => string) => (typeof figures === 'string' ? 'not measured' : pick(figures));
  MEASURED.forEach((path, i) => {
    rows.push([path.name, ...columns.map(() => '')]);
    rows.push([`  at a fixed ${path.rate ?? FIXED_RATE} req/s`, ...columns.map(([, f]) => cell(f, (d) => describe(d.paths[i]!.fixed)))]);
    for (const [name, figures] of columns) {
      if (typeof figures !== 'string') rows.push([`    inside, ${name}`, ...columns.map(([other]) => (other === name ? describeInside(figures.paths[i]!.fixed).slice(2) : ''))]);
    }
    for (const connections of CONNECTION_COUNTS) {
      rows.push([`  most it serves, ${connections} connections`, ...columns.map(([, f]) => cell(f, (d) => describe(d.paths[i]!.max[connections]!)))]);
    }
  });
  printTable(rows);
  for (const [name, figures] of columns) {
    console.log(`${name}${typeof figures === 'string' ? '' : ` (load average at the end ${figures.load})`}:`);
    for (const line of typeof figures === 'string' ? [figures] : (figures.storm?.lines ?? ['storm left out (BENCH_API_PATHS)'])) console.log(`  ${line}`);
  }
}

/**
 * One and two processes side by side, and what a process serves: the storm's CPU per
 * tablet says how many tablets one process (one core's worth of CPU) brings back in
 * sync per second, and how many the database's CPU allows beside it.
 */
function printScale(scale: ScaleFigures[]): void {
  console.log(`\nPostgreSQL, several server processes on one database (node:cluster hands connections round robin; the most each path serves at ${SCALE_CONNECTIONS} connections):`);
  const rows: string[][] = [['', ...scale.map((s) => `${s.processes} process${s.processes > 1 ? 'es' : ''} (load average at the end ${s.load})`)]];
  MEASURED.forEach((path, i) => rows.push([path.name, ...scale.map((s) => describe(s.paths[i]!))]));
  printTable(rows);
  for (const s of scale) {
    console.log(`${s.processes} process${s.processes > 1 ? 'es' : ''}:`);
    for (const line of s.storm?.lines ?? ['storm left out (BENCH_API_PATHS)']) console.log(`  ${line}`);
  }
  const one = scale[0]!;
  if (!one.storm) return;
  const serverMsPerTablet = one.storm.serverCpuMs / TABLETS;
  const databaseMsPerTablet = (one.storm.databaseCpuMs ?? 0) / TABLETS;
  console.log(
    `One process: a tablet's reconnect (the storm's unit of work) costs ${fmt(serverMsPerTablet, 1)} ms of the server's CPU and ${fmt(databaseMsPerTablet, 1)} ms of PostgreSQL's, ` +
      `so one process with a core of its own brings about ${Math.floor(1000 / serverMsPerTablet)} tablets back in sync per second ` +
      `(a storm of ${TABLETS} in ${fmt(serverMsPerTablet * TABLETS / 1000, 2)} s of CPU), and each core PostgreSQL has serves about ${Math.floor(1000 / Math.max(0.1, databaseMsPerTablet))} tablets a second.`,
  );
}

/**
 * `npm run bench -- api`: the hot read paths and a reconnect storm against the real
 * server process, on SQLite and on a throwaway PostgreSQL cluster, printed side by side;
 * then one and two server processes on one PostgreSQL database.
 */
export async function runApiBench(): Promise<void> {
  console.log(
    `API under load: one server process (server/main.ts, demo data, request log off), ${USERNAME} signed in (the supplier for its own view); ` +
      `autocannon on the same machine over loopback, ${RUN_SECONDS} s per run after a warm-up; CPU is the server process's own time per answer (and PostgreSQL's: its postmaster and backends); ` +
      `the fixed rate comes from a load generator process of its own, with the server's own figures (server-stats-hook.mjs) beside it. ` +
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average at the start ${loadAverage()}`,
  );
  const sqlite = RUNS.has('sqlite') ? await measureServer({}) : 'left out (BENCH_API_RUNS)';
  const postgres = RUNS.has('postgres') || RUNS.has('scale') ? await measurePostgres() : 'left out (BENCH_API_RUNS)';
  printDatabases([
    ['SQLite', sqlite],
    ['PostgreSQL', typeof postgres === 'string' ? postgres : postgres.single],
  ]);
  if (typeof postgres !== 'string' && postgres.scale.length) printScale(postgres.scale);
}
