import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
/** initdb, start and stop each take a few seconds; a cluster that needs longer is not coming. */
const STEP_TIMEOUT_MS = 60_000;
const DATABASE = 'portal_bench';

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

function binDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? res(address.port) : rej(new Error('no port'))));
    });
  });
}

/**
 * A throwaway PostgreSQL cluster on a loopback port, in a temporary directory, with
 * trust authentication for loopback only. PostgreSQL refuses to run as root, so as root
 * the cluster runs as the `postgres` system user. Answers why when it cannot start.
 */
export async function startPostgres(): Promise<PostgresCluster | { unavailable: string }> {
  const bin = binDir();
  if (!bin) return { unavailable: `no PostgreSQL server binaries under ${PG_ROOT}` };
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { timeout: STEP_TIMEOUT_MS }) : run(join(bin, cmd), args, { timeout: STEP_TIMEOUT_MS });
  const port = await freePort();
  let started = false;
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
    await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    started = true;
    await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE]);
  } catch (error) {
    if (started) await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error) };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
