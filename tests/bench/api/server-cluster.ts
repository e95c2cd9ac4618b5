import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, serverEnv } from '../../e2e/support/server-process';
import type { Server } from './load';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Set in the primary's environment: how many server processes it runs. */
const WORKERS_ENV = 'PORTAL_BENCH_CLUSTER_WORKERS';
const START_TIMEOUT_MS = 240_000;

/** Several server processes sharing one port, as behind a load balancer. */
export interface ServerCluster extends Server {
  /** The server processes alone (not the primary that hands them connections). */
  workerPids: number[];
  /** Their data directory (files, the secret): the database is the shared one. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Runs `workers` processes of the real server (`server/main.ts`, as `npm start` runs it)
 * on one port, on the database DATABASE_URL in `env` names. Node 20 offers no
 * SO_REUSEPORT for its servers (`reusePort` came with Node 22.12 and 23.1), so the port
 * is shared the way node:cluster does it: the primary accepts each connection and hands
 * it, round robin, to a server process, which then reads and answers it itself. That is
 * a load balancer spreading connections, minus a proxy copying every byte: on a machine
 * of two cores, such a proxy would take a core of its own and the figures would measure
 * it. The primary's CPU time counts with the servers'.
 */
export async function startServerCluster(workers: number, env: Record<string, string>): Promise<ServerCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-cluster-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    cwd: ROOT,
    env: { ...serverEnv({ port, dataDir, smtpPort: await freePort() }), ...env, [WORKERS_ENV]: String(workers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const workerPids = await new Promise<number[]>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`The server processes did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const ready = /^READY (.+)$/m.exec(output);
      if (ready) {
        clearTimeout(timer);
        res(JSON.parse(ready[1]!) as number[]);
      }
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`The cluster's primary exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    pids: [child.pid!, ...workerPids],
    workerPids,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server process listening on the app's port (not only its SMTP intake). */
function listening(worker: Worker, port: number): Promise<void> {
  return new Promise((res, rej) => {
    const onListening = (w: Worker, address: { port: number }) => {
      if (w !== worker || address.port !== port) return;
      cluster.off('listening', onListening);
      res();
    };
    cluster.on('listening', onListening);
    worker.once('exit', (code) => rej(new Error(`A server process exited with ${code} before it listened`)));
  });
}

/**
 * The primary: starts the server processes one after the other (the first migrates and
 * seeds the demo data; the others find the database ready), prints their process ids,
 * and on SIGTERM stops them the way a server stops (finishing what is in flight).
 */
async function runPrimary(workers: number): Promise<void> {
  const port = Number(process.env.PORT);
  cluster.setupPrimary({ exec: join(ROOT, 'server/main.ts'), silent: false });
  const started: Worker[] = [];
  process.on('SIGTERM', () => {
    const exits = started.map((w) => new Promise((r) => (w.isDead() ? r(null) : w.once('exit', r))));
    for (const w of started) w.process.kill('SIGTERM');
    void Promise.all(exits).then(() => process.exit(0));
  });
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    started.push(worker);
    await listening(worker, port);
  }
  console.log(`READY ${JSON.stringify(started.map((w) => w.process.pid))}`);
}

if (process.env[WORKERS_ENV] && cluster.isPrimary) await runPrimary(Number(process.env[WORKERS_ENV]));
