// The last phase of `npm test`: the end-to-end journeys and, when PORTAL_PG_SUITE_URL names a
// PostgreSQL server the tests may create databases on (CI sets it), the server suite again on
// PostgreSQL beside them. The journeys run one file at a time and keep about one core busy (a
// browser and a server); the PostgreSQL suite, one file at a time too, takes the other.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

const vitest = join('node_modules', '.bin', 'vitest');

function run(args, env, out) {
  const child = spawn(vitest, args, { env: { ...process.env, ...env }, stdio: ['ignore', out ?? 'inherit', out ?? 'inherit'] });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, done };
}

const pgUrl = process.env.PORTAL_PG_SUITE_URL;
const runs = [];
let pgLog = null;
let logDir = null;
if (pgUrl) {
  logDir = mkdtempSync(join(tmpdir(), 'portal-pg-suite-'));
  pgLog = join(logDir, 'output.log');
  const out = createWriteStream(pgLog);
  await new Promise((resolve) => out.on('open', resolve));
  runs.push(run(['run', '--project', 'server', '--maxWorkers=1'], { PORTAL_TEST_DATABASE_URL: pgUrl, PORTAL_PG_SUITE_URL: '' }, out));
}
runs.unshift(run(['run', '--project', 'e2e'], { PORTAL_PG_SUITE_URL: '' }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { child } of runs) child.kill(signal);
  });
}

const [e2e, pg] = await Promise.all(runs.map((r) => r.done));
if (pgLog) {
  process.stdout.write('\n── The server suite on PostgreSQL ──\n');
  process.stdout.write(readFileSync(pgLog));
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(e2e !== 0 ? e2e : (pg ?? 0));
