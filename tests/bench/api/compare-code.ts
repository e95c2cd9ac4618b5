import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type ServerHandle } from '../../e2e/support/server-process';
import { fmt, percentile } from '../measure';
import { HOT_PATHS, USERNAME } from './hot-paths';
import { cpuTimeMs, type HotPath } from './load';
import { signIn } from './sign-in';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The code to compare the working tree with: a commit, branch or tag. */
const REF = process.env.BENCH_AB_REF ?? 'HEAD';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 8);
const REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 300);
/** Paths whose name holds one of these words (as BENCH_API_PATHS); the feed built afresh by default. */
const WORDS = (process.env.BENCH_AB_PATHS ?? 'new cursor').split(',').map((w) => w.trim().toLowerCase());

interface Side {
  name: string;
  server: ServerHandle;
  cookies: Map<string, string>;
  agent: Agent;
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

function get(side: Side, path: string, cookie: string): Promise<void> {
  const { hostname, port } = new URL(side.server.url);
  return new Promise((done, fail) => {
    request({ agent: side.agent, hostname, port, path, headers: { cookie, accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(`${side.name} answered ${res.statusCode} to ${path}`))));
    })
      .on('error', fail)
      .end();
  });
}

/** One burst of `REQUESTS` requests, one after the other: the server's CPU per answer (every thread), in ms. */
async function burst(side: Side, path: HotPath, from: number): Promise<number> {
  const cookie = side.cookies.get(path.username ?? USERNAME)!;
  const before = cpuTimeMs(side.server.pid);
  for (let n = from; n < from + REQUESTS; n++) await get(side, path.pathOf ? path.pathOf(n) : path.path, cookie);
  return (cpuTimeMs(side.server.pid) - before) / REQUESTS;
}

async function start(name: string, root: string, paths: HotPath[]): Promise<Side> {
  const server = await startServer({ root });
  const cookies = new Map<string, string>();
  for (const user of new Set(paths.map((p) => p.username ?? USERNAME))) cookies.set(user, await signIn(server.url, user));
  return { name, server, cookies, agent: new Agent({ keepAlive: true, maxSockets: 1 }) };
}

/**
 * `npm run bench -- api-ab`: the server's CPU per answer of the code at BENCH_AB_REF
 * (HEAD by default) against the working tree's, on one machine at one time. On a shared
 * machine whose speed changes by half within minutes, one run of each in turn measures
 * the machine; here both servers run side by side and take short bursts in turn (the
 * order swapped each round), so a change of the machine's speed falls on both, and the
 * ratio of each round's pair is what is compared.
 */
export async function compareCode(): Promise<void> {
  const paths = HOT_PATHS.filter((p) => WORDS.some((w) => p.name.toLowerCase().includes(w)));
  if (paths.length === 0) throw new Error(`BENCH_AB_PATHS names no hot path (${WORDS.join(', ')})`);
  const base = mkdtempSync(join(tmpdir(), 'portal-ab-'));
  const tree = join(base, 'code');
  execFileSync('git', ['worktree', 'add', '--detach', tree, REF], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  const sides: Side[] = [];
  try {
    sides.push(await start(REF, tree, paths), await start('working tree', ROOT, paths));
    const [before, after] = sides as [Side, Side];
    console.log(`Code compared: ${REF} against the working tree; ${ROUNDS} rounds of ${REQUESTS} requests one after the other on each, in turn`);
    for (const path of paths) {
      await burst(before, path, 0);
      await burst(after, path, 0);
      const cpu: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const i of order) cpu[i]!.push(await burst(sides[i]!, path, (round + 1) * REQUESTS));
      }
      const ratios = cpu[1].map((ms, i) => ms / cpu[0][i]!);
      console.log(
        `${path.name}: the server's CPU per answer, median of rounds: ${fmt(median(cpu[0]), 2)} ms at ${REF}, ${fmt(median(cpu[1]), 2)} ms in the working tree; ` +
          `working tree / ${REF} per round: median ${fmt(median(ratios), 3)} (${fmt(Math.min(...ratios), 3)} to ${fmt(Math.max(...ratios), 3)})`,
      );
    }
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    for (const side of sides) {
      side.agent.destroy();
      await side.server.stop();
      rmSync(side.server.dataDir, { recursive: true, force: true });
    }
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
    rmSync(base, { recursive: true, force: true });
  }
}
