import { spawn, type ChildProcess } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  /** The server's process id: benchmarks read its CPU time. */
  pid: number;
  /** The invoice intake's SMTP port (a free one of its own, so servers started side by side never clash). */
  smtpPort: number;
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** A port free on loopback a moment ago, for a server about to listen on it. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? res(address.port) : rej(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/policy`);
      if (res.status === 401 || res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The data dir of a server that seeded the demo data and stopped, set by the end-to-end run's
 * global set-up: a new server starts on a copy of it instead of seeding again (the seed sends
 * its orders and invoices through the intake, which takes a while on a small machine).
 */
export const SEEDED_DATA_DIR_ENV = 'PORTAL_E2E_SEEDED_DATA_DIR';

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR_ENV];
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The environment of a server started for a test or a benchmark: loopback only, its own
 * ports and data directory, no request log. The human check at a 20th of its cost: every
 * journey still solves it in the browser and the server checks the proof, but the
 * hundred sign-ins of a run no longer take a second each. The cXML readers start on the
 * first order rather than with the server: a journey of 30 s does not pay seconds of CPU
 * for workers it seldom uses (a benchmark of the endpoint turns them back on).
 */
export function serverEnv(opts: { port: number; dataDir: string; smtpPort: number }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    PORTAL_DATA_DIR: opts.dataDir,
    PORTAL_LOG: '0',
    PORTAL_SMTP_PORT: String(opts.smtpPort),
    PORTAL_HUMAN_CHECK_COST: '250',
    PORTAL_SANDBOX_WARM: '0',
  };
}

/**
 * Starts the real server (`server/main.ts`, the same entry `npm start` uses) on a free
 * port, on a new copy of the seeded demo data where the run has one. Passing the data dir
 * of an earlier run restarts it on the same database. `nodeArgs` go to node before the
 * entry (a benchmark's `--cpu-prof`). `root`: the checkout whose code runs (a benchmark
 * comparing two versions of it); this one by default.
 */
export async function startServer(opts: { dataDir?: string; port?: number; env?: Record<string, string>; nodeArgs?: string[]; root?: string } = {}): Promise<ServerHandle> {
  const dataDir = opts.dataDir ?? newDataDir();
  const port = opts.port ?? (await freePort());
  const smtpPort = Number(opts.env?.PORTAL_SMTP_PORT ?? (await freePort()));
  const root = opts.root ?? resolve(import.meta.dirname, '../../..');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...serverEnv({ port, dataDir, smtpPort }), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, child, () => log, 240_000);
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    smtpPort,
    /** SIGTERM lets it finish what it is answering; SIGKILL is a crash. */
    async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Reads the database of a stopped server (SQLite, read-only): what it holds while no request can reach it. */
export function queryStoppedServer<T>(dataDir: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(join(dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
