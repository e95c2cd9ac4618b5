// `npm test`: everything that must pass, arranged for a 2-core machine (CI's).
//
// 1. The checks side by side: lint (ESLint, knip), the type check and the build. Each is
//    mostly one thread; their output is printed in that order once all three are done.
// 2. The end-to-end journeys (one file at a time: a browser and a server, less than a core, much
//    of it waiting on the page) beside the other tests: the unit, lint-rule, server, store, sync
//    and component tests (two files at a time: they wait on sandbox workers and sockets too),
//    then, when PORTAL_PG_SUITE_URL names a PostgreSQL server the tests may create databases on
//    (CI sets it), the server tests again on PostgreSQL, one file at a time. The journeys print
//    as they run; the others' output follows theirs. Any run failing fails the command, after
//    all of them have run.
// 3. Last, where a reader of only the end of the output (CI's summary) sees it: the failures of
//    every run that failed, as Vitest summed them up, then one line per run.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

const logDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/** Runs a command, its output kept in a log file and, with `live`, printed as it comes; answers the exit code. */
async function run(command, args, { env = {}, log, live = false }) {
  const out = createWriteStream(log);
  await new Promise((resolve) => out.on('open', resolve));
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      out.write(chunk);
      if (live) process.stdout.write(chunk);
    });
  }
  const code = await new Promise((resolve) => child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  children.delete(child);
  await new Promise((resolve) => out.end(resolve));
  return code;
}

function print(title, log) {
  process.stdout.write(`\n── ${title} ──\n`);
  process.stdout.write(readFileSync(log));
}

/** Vitest's own summing-up of a failed run: from its 'Failed Tests' (or 'Failed Suites') rule on, at most 400 lines. */
function failures(log) {
  // eslint-disable-next-line no-control-regex -- the colours' escape codes, where CI forces them
  const lines = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /⎯{3,} Failed (Tests|Suites)/.test(line));
  const end = lines.findLastIndex((line) => /^\s*Test Files\s/.test(line));
  const picked = start >= 0 ? lines.slice(start, end > start ? end : undefined) : lines.slice(-80);
  return picked.slice(0, 400).join('\n');
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitest = join('node_modules', '.bin', 'vitest');

const checks = [
  ['lint', ['run', 'lint']],
  ['type check', ['run', 'typecheck']],
  ['build', ['run', 'build']],
];
const checked = await Promise.all(checks.map(([name, args]) => run(npm, args, { log: join(logDir, `${name}.log`) })));
checks.forEach(([name], i) => print(`${name}${checked[i] ? ' (failed)' : ''}`, join(logDir, `${name}.log`)));
if (checked.some((code) => code !== 0)) {
  rmSync(logDir, { recursive: true, force: true });
  process.exit(1);
}

const pgUrl = process.env.PORTAL_PG_SUITE_URL;
const unitProjects = ['domain', 'lint', 'server', 'local', 'sync', 'ui'].flatMap((p) => ['--project', p]);
const beside = (async () => {
  const results = [['unit, server, store, sync and component tests', await run(vitest, ['run', ...unitProjects, '--maxWorkers=2'], { env: { PORTAL_PG_SUITE_URL: '' }, log: join(logDir, 'unit.log') }), 'unit.log']];
  if (pgUrl) {
    const code = await run(vitest, ['run', '--project', 'server', '--maxWorkers=1'], { env: { PORTAL_TEST_DATABASE_URL: pgUrl, PORTAL_PG_SUITE_URL: '' }, log: join(logDir, 'pg.log') });
    results.push(['the server tests on PostgreSQL', code, 'pg.log']);
  }
  return results;
})();
const e2e = await run(vitest, ['run', '--project', 'e2e'], { env: { PORTAL_PG_SUITE_URL: '' }, log: join(logDir, 'e2e.log'), live: true });
const results = [['end-to-end journeys', e2e, 'e2e.log'], ...(await beside)];
for (const [title, , log] of results.slice(1)) print(title, join(logDir, log));
for (const [title, code, log] of results) if (code !== 0) process.stdout.write(`\n── what failed: ${title} ──\n${failures(join(logDir, log))}\n`);
rmSync(logDir, { recursive: true, force: true });

process.stdout.write('\n── npm test ──\n');
for (const [title, code] of results) process.stdout.write(`${code === 0 ? 'passed' : `FAILED (exit ${code})`}: ${title}\n`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
