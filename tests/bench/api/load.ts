import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import type { EvenLoadJob, EvenLoadResult } from './even-rate';
import { HOT_PATHS } from './hot-paths';
import { serverStats, type ServerStats } from './server-stats';

/** The server under load: where it listens, its process, and where its stats hook writes (server-stats-hook.mjs). */
export interface Server {
  url: string;
  pid: number;
  /** Several server processes (server-cluster.ts): every one whose CPU time counts, `pid` among them. */
  pids?: number[];
  statsFile?: string;
  /** The database server's CPU time so far, in ms (PostgreSQL: its postmaster and backends); absent for SQLite, which runs inside the server. */
  databaseCpuMs?: () => number;
  /** Statements the database has run so far (PostgreSQL, each a round trip); null or absent where not counted. */
  databaseStatements?: () => Promise<number | null>;
}

export interface HotPath {
  name: string;
  path: string;
  /** The fixed rate, when FIXED_RATE would be more than the path's answers allow. */
  rate?: number;
  /** Who asks: the buyer (hot-paths.ts USERNAME) unless another user's view is measured. */
  username?: string;
  /** The path of the n-th request, when requests must differ (no answer repeats, so none is served remembered). */
  pathOf?: (n: number) => string;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  /** Requests answered per second, on average over the run. */
  rate: number;
  /** Non-2xx answers, connection errors and timeouts: a figure with failures is not a figure. */
  failures: number;
  /**
   * The server process's CPU time per answer, in ms. On a machine shared with other
   * work, latency and rate depend on what else runs; this figure hardly does.
   */
  cpuMs: number;
  /** PostgreSQL's CPU time per answer, in ms (its backends work on the same machine's cores). */
  databaseCpuMs?: number;
  /** PostgreSQL's statements per answer: the server's round trips to it. */
  statements?: number;
  /** The fixed-rate run only: the server's own view and the load generator's (server-stats-hook.mjs, even-rate.ts). */
  inside?: { server: ServerStats; clientLoopDelayP99: number };
  /** The fixed-rate run only: the load generator's own side (even-rate.ts). */
  client?: { loopDelayP99: number; gc: string; histogram: EvenLoadResult['histogram'] };
}

/** User plus system CPU time of a process so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The CPU time so far of every process of the server, in ms. */
export function serverCpuMs(server: Server): number {
  return (server.pids ?? [server.pid]).reduce((sum, pid) => sum + cpuTimeMs(pid), 0);
}

/** What `work` cost: the CPU spent by the server processes and the database, in ms, and the statements the database ran. */
async function cpuDuring<T>(server: Server, work: () => Promise<T>): Promise<{ result: T; serverMs: number; databaseMs?: number; statements?: number }> {
  const statementsBefore = (await server.databaseStatements?.()) ?? null;
  const serverBefore = serverCpuMs(server);
  const databaseBefore = server.databaseCpuMs?.();
  const result = await work();
  const serverMs = serverCpuMs(server) - serverBefore;
  const databaseMs = databaseBefore === undefined ? undefined : server.databaseCpuMs!() - databaseBefore;
  const statementsAfter = statementsBefore === null ? null : await server.databaseStatements!();
  return { result, serverMs, databaseMs, statements: statementsAfter === null || statementsBefore === null ? undefined : statementsAfter - statementsBefore };
}

/** Seconds per measured run; BENCH_API_SECONDS shortens a trial run. */
export const RUN_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
export const FIXED_RATE = 300;
export const CONNECTION_COUNTS = [50, 200] as const;

/**
 * The session cookies the requests take in turn: one user, or a shift of tablets, each
 * its own user (the changes feed limits how many pages one user has in the making).
 */
export type Cookies = string | readonly string[];

const cookieOf = (cookies: Cookies, n: number): string => (typeof cookies === 'string' ? cookies : cookies[n % cookies.length]!);

/** The autocannon options that give each request its own path (a path that asks for that) and its turn of the cookies. */
export function varyingRequests(path: HotPath, cookies: Cookies): Pick<Options, 'requests' | 'headers'> {
  const pathOf = path.pathOf;
  const headers = { cookie: cookieOf(cookies, 0), accept: 'application/json' };
  if (!pathOf && typeof cookies === 'string') return { headers };
  let sent = 0;
  const setupRequest = (request: { path: string; headers?: Record<string, string> }) => {
    const n = sent++;
    return { ...request, path: pathOf ? pathOf(n) : request.path, headers: { ...request.headers, ...headers, cookie: cookieOf(cookies, n) } };
  };
  return { headers, requests: [{ setupRequest }] };
}

/** As many requests as the server answers on `connections` connections for `seconds`. */
export async function load(server: Server, path: HotPath, cookies: Cookies, opts: { connections: number; seconds: number }): Promise<LoadFigures> {
  const { result, serverMs, databaseMs, statements } = await cpuDuring(server, () =>
    autocannon({
      url: `${server.url}${path.path}`,
      ...varyingRequests(path, cookies),
      connections: opts.connections,
      duration: opts.seconds,
      timeout: 30,
    }),
  );
  const answers = Math.max(1, result.requests.total);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rate: result.requests.total / result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMs: serverMs / answers,
    databaseCpuMs: databaseMs === undefined ? undefined : databaseMs / answers,
    statements: statements === undefined ? undefined : statements / answers,
  };
}

const run = promisify(execFile);

/**
 * The fixed-rate run, from a load generator in a process of its own (even-rate.ts), with
 * the server's own figures for the same span beside the client's. Not pinned to separate
 * cores: at 300 req/s the product page takes most of a core of server time, and a server
 * held to one core (its GC and compression threads included) while the rest of the
 * machine is busy measured the pinning, not the server.
 */
export async function fixedRate(server: Server, path: HotPath, cookies: Cookies, rate: number, seconds: number): Promise<LoadFigures> {
  const job: EvenLoadJob = { url: server.url, cookies: typeof cookies === 'string' ? [cookies] : [...cookies], path: HOT_PATHS.indexOf(path), rate, seconds };
  await serverStats(server);
  const { result: stdout, serverMs, databaseMs, statements } = await cpuDuring(server, async () => {
    const generated = await run(process.execPath, ['--import', 'tsx', `${import.meta.dirname}/even-rate.ts`], {
      env: { ...process.env, EVEN_RATE_JOB: JSON.stringify(job) },
      maxBuffer: 1024 * 1024,
    });
    return generated.stdout;
  });
  const result = JSON.parse(stdout) as EvenLoadResult;
  const inside = await serverStats(server);
  const answers = Math.max(1, result.answered + result.failures);
  return {
    p50: result.p50,
    p99: result.p99,
    rate: result.answered / result.seconds,
    failures: result.failures,
    cpuMs: serverMs / answers,
    databaseCpuMs: databaseMs === undefined ? undefined : databaseMs / answers,
    statements: statements === undefined ? undefined : statements / answers,
    inside: inside ? { server: inside, clientLoopDelayP99: result.clientLoopDelayP99 } : undefined,
    client: { loopDelayP99: result.clientLoopDelayP99, gc: result.clientGc, histogram: result.histogram },
  };
}

export interface PathFigures {
  fixed: LoadFigures;
  max: Record<number, LoadFigures>;
}

/**
 * One path: a short warm-up (the server compiles its code and statements first), then
 * a fixed 300 req/s evenly spaced (latency at a load the server should carry easily), then as fast
 * as it answers at 50 and at 200 connections (the most it serves, and its latency then).
 */
export async function measurePath(server: Server, cookies: Cookies, path: HotPath): Promise<PathFigures> {
  await load(server, path, cookies, { connections: 10, seconds: Math.min(3, RUN_SECONDS) });
  const fixed = await fixedRate(server, path, cookies, path.rate ?? FIXED_RATE, RUN_SECONDS);
  const max: Record<number, LoadFigures> = {};
  for (const connections of CONNECTION_COUNTS) max[connections] = await load(server, path, cookies, { connections, seconds: RUN_SECONDS });
  return { fixed, max };
}
