import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../e2e/support/server-process';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
/** initdb, start and stop each take a few seconds; a cluster that needs longer is not coming. */
const STEP_TIMEOUT_MS = 60_000;
const DATABASE = 'portal_bench';

export interface PostgresCluster {
  url: string;
  /** Another empty database in the same cluster, for a run that must start afresh; answers its URL. */
  newDatabase(name: string): Promise<string>;
  /**
   * Statements the database `url` names has run so far (pg_stat_statements): each is a
   * round trip of the server's. Null where the module is not installed.
   */
  statements(url: string): Promise<number | null>;
  /** The CPU time of the whole cluster so far (postmaster, backends, background workers, and those that ended), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Fields of /proc/<pid>/stat after the command name: [state, ppid, ...]; utime, stime, cutime, cstime at 11 to 14, in ticks of 10 ms. */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * The postmaster's CPU time with its children's: the live ones read one by one, the
 * ended ones as the postmaster's reaped-children time. PostgreSQL answers on the same
 * cores as the server, so its share of an answer is part of what the answer costs.
 */
function clusterCpuMs(postmasterPid: string): number {
  const own = statFields(postmasterPid);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (fields?.[1] === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

function binDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
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
  // Counts every statement by database, so the bench can say how many round trips an answer takes.
  const counted = existsSync(join(bin, '..', 'lib', 'pg_stat_statements.so'));
  let started = false;
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${counted ? ' -c shared_preload_libraries=pg_stat_statements' : ''}`;
    await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    started = true;
    await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE]);
    if (counted) await as('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', 'create extension pg_stat_statements']);
  } catch (error) {
    if (started) await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error) };
  }
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const postmasterPid = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  return {
    url: urlOf(DATABASE),
    async newDatabase(name) {
      await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return urlOf(name);
    },
    cpuMs: () => clusterCpuMs(postmasterPid),
    async statements(url) {
      if (!counted) return null;
      // Asked from the maintenance database, so the question is not counted in the answer.
      const client = new pg.Client(urlOf('postgres'));
      await client.connect();
      try {
        const database = new URL(url).pathname.slice(1);
        const { rows } = await client.query<{ calls: string }>(
          'select coalesce(sum(calls), 0) as calls from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1',
          [database],
        );
        return Number(rows[0]!.calls);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
