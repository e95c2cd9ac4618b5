import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../../e2e/support/server-process';
import { fmt } from '../measure';
import { HOT_PATHS, USERNAME } from './hot-paths';
import { RUN_SECONDS, varyingRequests } from './load';
import { signIn } from './sign-in';

/** The parts of a V8 .cpuprofile this summary reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  samples: number[];
}

const ROOT = resolve(import.meta.dirname, '../../..');
const TOP_FUNCTIONS = 25;

/** Where a function lives: an npm package, the portal's own code, Node's internals, or V8 (garbage collection, native code). */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(`file://${ROOT}/`, '').split('/').slice(0, 2).join('/');
}

/** Self time by area and by function, as shares of the samples. */
export function summarise(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const area = areaOf(frame.url, frame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + 1);
    const where = frame.url ? `${frame.url.replace(`file://${ROOT}/`, '').replace(/.*node_modules\//, '')}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  }
  const busy = [...byArea.values()].reduce((a, b) => a + b, 0);
  const share = (n: number) => `${fmt((100 * n) / busy, 1).padStart(5)} %`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return [
    '  self time by area (idle left out):',
    ...sorted(byArea)
      .filter(([, n]) => n / busy >= 0.005)
      .map(([area, n]) => `    ${share(n)}  ${area}`),
    `  top ${TOP_FUNCTIONS} functions by self time:`,
    ...sorted(byFunction)
      .slice(0, TOP_FUNCTIONS)
      .map(([name, n]) => `    ${share(n)}  ${name}`),
  ];
}

/**
 * `npm run bench -- api-profile`: where the server's time goes on each hot path. One
 * server process per path runs under the V8 profiler (cpu-profile-hook.mjs) while
 * autocannon keeps 50 connections busy; the profile's self time is printed by area
 * (package, folder of the portal) and by function. The server inherits DATABASE_URL,
 * so setting it profiles PostgreSQL.
 */
export async function profileApi(): Promise<void> {
  // BENCH_API_PATHS=0,3 profiles only those hot paths (indexes into HOT_PATHS).
  const only = process.env.BENCH_API_PATHS?.split(',').map(Number);
  for (const path of HOT_PATHS.filter((_, i) => !only || only.includes(i))) {
    const profileDir = mkdtempSync(join(tmpdir(), 'portal-profile-'));
    const profileFile = join(profileDir, 'server.cpuprofile');
    const env: Record<string, string> = { NODE_OPTIONS: `--import ${join(import.meta.dirname, 'cpu-profile-hook.mjs')}`, PORTAL_CPU_PROFILE: profileFile };
    const server = await startServer({ env });
    let requests: number;
    try {
      const cookie = await signIn(server.url, path.username ?? USERNAME);
      const options = { url: `${server.url}${path.path}`, ...varyingRequests(path, cookie), connections: 50 };
      // Warmed up first: the profile shows the steady state, not the first compilations.
      await autocannon({ ...options, duration: Math.min(3, RUN_SECONDS) });
      process.kill(server.pid, 'SIGUSR2');
      const result = await autocannon({ ...options, duration: RUN_SECONDS });
      requests = result.requests.total;
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    const written = existsSync(profileFile);
    console.log(`${path.name}: ${requests} requests at 50 connections${written ? '' : ' (no profile written)'}`);
    if (!written) continue;
    for (const line of summarise(JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile)) console.log(line);
    console.log(`  profile kept: ${profileFile} (open in Chrome DevTools, Performance tab)`);
  }
}
