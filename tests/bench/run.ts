/**
 * `npm run bench`: the offline core's figures, measured where the product runs them:
 * headless Chromium with a profile on disk (IndexedDB as a user's browser keeps it),
 * against the real server (`server/main.ts` with the demo data, a fresh SQLite file) in
 * its own process, over loopback. Figures are printed, never asserted.
 * `npm run bench -- drain` runs one suite; `npm run bench -- api` runs the server's
 * load benchmark instead (tests/bench/api), which needs no browser, and `npm run bench -- api-profile`
 * prints where its time goes on each hot path (a CPU profile under load), `npm run bench -- api-ab` the
 * CPU per answer of a commit's code against the working tree's, side by side (tests/bench/api/compare-code.ts); `npm run bench -- lighthouse`
 * measures the first load (tests/bench/lighthouse.ts), `npm run bench -- cxml-in` the OrderRequests /cxml
 * accepts per second (tests/bench/cxml-in.bench.ts), `npm run bench -- intake` times invoices from SMTP
 * to the buyer's list (tests/bench/intake.bench.ts), `npm run bench -- scan` scan to pack with a fake camera
 * (tests/bench/scan.bench.ts). With BENCH_PROFILE set to a
 * folder, each suite's page also records a Chromium CPU profile there
 * (`<suite>.cpuprofile`, for DevTools or tests/bench/profile-summary.ts), so a lever is
 * picked by where the time goes, not by guess.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { LoginPage, openPage } from '../e2e/pages/login-page';
import { assertBrowserPresent, CHROMIUM_LAUNCH } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server-process';
import { cpuTimeMs } from './api/load';
import { benchInvoices } from './invoices.bench';
import { fmt } from './measure';
import { profiled } from './page-profile';

const SUPPLIER = 'supplier@acme.demo.test';
/** Suites that run on a page signed in as another user than the supplier (in a browser profile of its own). */
const SIGNED_IN_AS: Record<string, string> = { 'mirror-buyer': 'buyer@uni.demo.test' };
const BENCH_PATH = '/__bench/';
/** The 100,000-product mirror (twice: without and with the network) and its search take a minute or two on a small machine. */
const SUITE_TIMEOUT_MS = 300_000;

interface BenchPage {
  portalBench: { suites: string[]; run(suite: string): Promise<string[]> };
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, 'browser/entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Readable names in a CPU profile (BENCH_PROFILE); minified otherwise, as the app ships.
    minify: !process.env.BENCH_PROFILE,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** The mirror suites' 100,000-product catalogue, for Acme Scientific (the signed-in supplier). */
const LARGE_CATALOGUE = 100_000;
/** The suites that read it (by the name `npm run bench -- <name>` takes). */
const LARGE_CATALOGUE_SUITES = new Set(['mirror', 'mirror-buyer']);

/**
 * A data directory with the demo data, Acme Scientific's catalogue made large for the
 * mirror suite (the other suites keep the demo's sizes), seeded by the CLI before the
 * server starts, as an operator would. Undefined when no suite needs it: the server
 * seeds the plain demo itself.
 */
function seededDataDir(only: string | undefined): string | undefined {
  if (only && !LARGE_CATALOGUE_SUITES.has(only)) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-data-'));
  // BENCH_SEEDED_DIR keeps one seeded copy between runs (seeding 100,000 products is a minute of CPU): each run starts on a copy of it.
  const kept = process.env.BENCH_SEEDED_DIR;
  if (kept && existsSync(join(kept, 'portal.sqlite'))) {
    cpSync(kept, dataDir, { recursive: true });
    return dataDir;
  }
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'seed-demo', '--first-supplier-products', String(LARGE_CATALOGUE)], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORTAL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-demo failed:\n${seeded.stdout}${seeded.stderr}`);
  if (kept) cpSync(dataDir, kept, { recursive: true });
  return dataDir;
}

/** The processes under `root` (its children, theirs...), from the parent ids in /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  for (let next = [root]; next.length > 0; ) {
    next = [...parents].filter(([, parent]) => next.includes(parent)).map(([pid]) => pid);
    found.push(...next);
  }
  return found;
}

/**
 * The browser's CPU time so far, in ms: every process under this one (Chromium's browser,
 * renderers, GPU and network processes) but the server and its own. Like the server's,
 * it hardly stretches with the machine's load, so it tells a change from the load.
 */
function browserCpuMs(serverPid: number): number {
  const server = new Set([serverPid, ...descendants(serverPid)]);
  return descendants(process.pid)
    .filter((pid) => !server.has(pid))
    .reduce((sum, pid) => {
      try {
        return sum + cpuTimeMs(pid);
      } catch {
        return sum;
      }
    }, 0);
}

async function main() {
  const only = process.argv[2];
  if (only === 'api') return (await import('./api/run-api')).runApiBench();
  if (only === 'api-profile') return (await import('./api/profile-api')).profileApi();
  if (only === 'api-ab') return (await import('./api/compare-code')).compareCode();
  if (only === 'api-hook-probe') return (await import('./api/hook-probe')).hookProbe();
  if (only === 'lighthouse') return (await import('./lighthouse')).lighthouseBench();
  if (only === 'cxml-in') return (await import('./cxml-in.bench')).cxmlInBench();
  if (only === 'intake') return (await import('./intake.bench')).intakeBench();
  if (only === 'invoice-rematch') return (await import('./invoice-rematch.bench')).benchInvoiceRematch();
  if (only === 'scan') return (await import('./scan.bench')).scanBench();
  assertBrowserPresent();
  const profileDir = process.env.BENCH_PROFILE;
  // The server's own CPU profiles too, one a thread (written when it stops, under server/): where its time went answering the suites' calls.
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir, 'server')}`] : [];
  const [script, server] = await Promise.all([bundle(), startServer({ dataDir: seededDataDir(only), nodeArgs })]);
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  /** The benchmark page on the server's origin, signed in as `user`, its IndexedDB on disk. */
  const benchPage = async (user: string) => {
    const profile = mkdtempSync(join(tmpdir(), 'portal-bench-profile-'));
    profiles.push(profile);
    // No service worker: it would answer the benchmark page with the app's shell.
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL: server.url, serviceWorkers: 'block' });
    contexts.push(context);
    const page = await openPage(context);
    await new LoginPage(page).signIn(user, DEMO_PASSWORD);
    await context.route(`${server.url}${BENCH_PATH}**`, (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>bench</title><script type="module" src="${BENCH_PATH}bench.js"></script>` }),
    );
    await page.goto(BENCH_PATH);
    await page.waitForFunction(() => 'portalBench' in globalThis);
    page.setDefaultTimeout(SUITE_TIMEOUT_MS);
    return { page, version: context.browser()?.version() ?? '' };
  };
  try {
    const supplier = await benchPage(SUPPLIER);
    console.log(`Offline core benchmarks (Chromium ${supplier.version} headless, IndexedDB on disk; real server process on ${server.url})`);
    const suites = await supplier.page.evaluate(() => (globalThis as unknown as BenchPage).portalBench.suites);
    for (const name of suites.filter((s) => !only || s === only || s.startsWith(`${only}-`))) {
      const user = SIGNED_IN_AS[name];
      const { page } = user ? await benchPage(user) : supplier;
      const cpuBefore = cpuTimeMs(server.pid);
      const browserBefore = browserCpuMs(server.pid);
      const run = (p: Page) => p.evaluate((suite) => (globalThis as unknown as BenchPage).portalBench.run(suite), name);
      const lines = await profiled(page, process.env.BENCH_PROFILE, name, run);
      for (const line of lines) console.log(line.startsWith(' ') ? line : `- ${line}`);
      // The machine is shared: the load says how far wall-clock figures stretch; the server's CPU time does not stretch with it.
      const load = loadavg().map((l) => l.toFixed(2)).join(', ');
      const serverCpu = fmt((cpuTimeMs(server.pid) - cpuBefore) / 1000, 2);
      console.log(`  (${name}: CPU time during the suite, the server's ${serverCpu} s, the browser's ${fmt((browserCpuMs(server.pid) - browserBefore) / 1000, 2)} s; load average ${load})`);
    }
    // Suites that drive the built app itself, service worker included, in browsers of their own.
    if (!only || only === 'invoices') {
      const browser = await chromium.launch(CHROMIUM_LAUNCH);
      try {
        for (const line of await benchInvoices(browser, server.url)) console.log(`- ${line}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
