import autocannon from 'autocannon';

export interface HotPath {
  name: string;
  path: string;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  /** Requests answered per second, on average over the run. */
  rate: number;
  /** Non-2xx answers, connection errors and timeouts: a figure with failures is not a figure. */
  failures: number;
}

/** Seconds per measured run; BENCH_API_SECONDS shortens a trial run. */
export const RUN_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
export const FIXED_RATE = 300;
export const CONNECTION_COUNTS = [50, 200] as const;

async function load(url: string, cookie: string, opts: { connections: number; seconds: number; overallRate?: number }): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    headers: { cookie, accept: 'application/json' },
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 30,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rate: result.requests.total / result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export interface PathFigures {
  fixed: LoadFigures;
  max: Record<number, LoadFigures>;
}

/**
 * One path: a short warm-up (the server compiles its code and statements first), then
 * a fixed 300 req/s (latency at a load the server should carry easily), then as fast
 * as it answers at 50 and at 200 connections (the most it serves, and its latency then).
 */
export async function measurePath(baseUrl: string, cookie: string, path: HotPath): Promise<PathFigures> {
  const url = `${baseUrl}${path.path}`;
  await load(url, cookie, { connections: 10, seconds: Math.min(3, RUN_SECONDS) });
  const fixed = await load(url, cookie, { connections: 50, seconds: RUN_SECONDS, overallRate: FIXED_RATE });
  const max: Record<number, LoadFigures> = {};
  for (const connections of CONNECTION_COUNTS) max[connections] = await load(url, cookie, { connections, seconds: RUN_SECONDS });
  return { fixed, max };
}
