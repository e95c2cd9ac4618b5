import { existsSync, readFileSync } from 'node:fs';
import type { Server } from './load';

/** What server-stats-hook.mjs writes: the server's own figures since the previous reading. */
export interface ServerStats {
  sequence: number;
  requests: number;
  requestP50Ms: number;
  requestP99Ms: number;
  requestMaxMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

const read = (file: string): ServerStats | null => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ServerStats) : null);

/** Asks the server for its figures since the last reading and starts a new span; null without the hook. */
export async function serverStats(server: Server): Promise<ServerStats | null> {
  const file = server.statsFile;
  if (!file) return null;
  const before = read(file)?.sequence ?? 0;
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 10) {
    const stats = read(file);
    if (stats && stats.sequence > before) return stats;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`The server wrote no stats to ${file} within 5 s`);
}
