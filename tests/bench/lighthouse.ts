import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Cookie } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo';
import { LoginPage, openPage } from '../e2e/pages/login-page';
import { assertBrowserPresent, CHROMIUM_LAUNCH } from '../e2e/support/browser';
import { scriptGzipBytes } from '../e2e/support/script-weight';
import { percentile } from './measure';
import { startServer } from '../e2e/support/server-process';

/**
 * `npm run bench -- lighthouse`: builds the app, starts the real server and runs
 * Lighthouse (mobile defaults: throttled 4G, slow CPU) on the sign-in page and on a
 * signed-in orders list, printing the scores, FCP/LCP/TBT and the gzip size of the
 * JavaScript the sign-in page loads. Figures are printed, never asserted.
 * `LIGHTHOUSE_RUNS=5` measures both pages five times on one build and prints each page's
 * median score (Lighthouse's figures move with the machine's load; each round prints the
 * load average). Rounds after the first find the IndexedDB mirror the one before left:
 * Lighthouse clears caches and service workers, not IndexedDB, so they are returning visits.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SUPPLIER = 'supplier@acme.demo.test';

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

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** The scripts of the app the page loaded. */
const appScripts = (items: NetworkItem[], origin: string) => items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin)).map((i) => i.url);

/** The median of the rounds' scores; a round Lighthouse could not measure counts as the lowest. */
function medianScore(scores: Array<number | null>): string {
  const sorted = scores.map((value) => value ?? -1).toSorted((a, b) => a - b);
  const value = percentile(sorted, 50);
  return value < 0 ? '-' : score(value);
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${(value / 1000).toFixed(2)} s`);
const score = (value: number | null | undefined) => (value == null ? '-' : String(Math.round(value * 100)));

/** One item of a failed audit: the element's snippet, or the reason it gives. */
function failureText(item: Record<string, unknown>): string {
  const node = item.node as { snippet?: string } | undefined;
  const reason = item.reason ?? item.failureReason;
  return String(node?.snippet ?? reason ?? JSON.stringify(item)).slice(0, 200);
}

/** The first element named anywhere in an audit's details (Lighthouse 13 nests them in lists and tables). */
function firstSnippet(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (record.type === 'node' && typeof record.snippet === 'string') return record.snippet;
  for (const child of Object.values(record)) {
    const found = firstSnippet(child);
    if (found) return found;
  }
  return undefined;
}

type DetailItems = { items?: Array<Record<string, unknown>> } | undefined;
const detailItems = (audit: { details?: unknown } | undefined) => (audit?.details as DetailItems)?.items ?? [];
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/**
 * What moved (the elements behind CLS), and where the main thread's time went: Lighthouse's long tasks (the longest five, with the
 * script each was attributed to), the scripts that cost most CPU, and the work by kind.
 * These are what TBT adds up, so a change to the boot can be read from the printout.
 */
function mainThreadLines(audits: Record<string, { details?: unknown } | undefined>): string[] {
  const longTasks = detailItems(audits['long-tasks'])
    .toSorted((a, b) => Number(b.duration) - Number(a.duration))
    .slice(0, 5)
    .map((t) => `${shortUrl(t.url)} ${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} ms`);
  const bootup = detailItems(audits['bootup-time'])
    .slice(0, 5)
    .map((s) => `${shortUrl(s.url)} ${Math.round(Number(s.scripting))} ms`);
  const work = detailItems(audits['mainthread-work-breakdown'])
    .slice(0, 5)
    .map((w) => `${String(w.groupLabel ?? w.group)} ${Math.round(Number(w.duration))} ms`);
  const shifts = detailItems(audits['layout-shifts'])
    .slice(0, 3)
    .map((shift) => `${firstSnippet(shift.node)?.slice(0, 100) ?? '-'} ${Number(shift.score).toFixed(3)}`);
  return [
    ...(shifts.length ? [`  layout shifts: ${shifts.join('; ')}`] : []),
    `  long tasks: ${longTasks.join('; ') || '-'}`,
    `  script evaluation: ${bootup.join('; ') || '-'}`,
    `  main thread: ${work.join('; ') || '-'}`,
  ];
}

/** The element Lighthouse took as the largest paint: what the LCP waits for. */
const lcpElement = (audits: Record<string, { details?: unknown } | undefined>) =>
  (firstSnippet(audits['lcp-breakdown-insight']?.details) ?? firstSnippet(audits['largest-contentful-paint-element']?.details) ?? '-').slice(0, 160);

/** Replaces the cookies of the browser's default context (the one Lighthouse's tab opens in). */
async function setCookies(browser: Browser, cookies: Cookie[]): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    await cdp.send('Storage.clearCookies');
    if (cookies.length > 0) await cdp.send('Storage.setCookies', { cookies: cookies.map(({ name, value, domain, path, httpOnly, secure, sameSite, expires }) => ({ name, value, domain, path, httpOnly, secure, sameSite, ...(expires > 0 ? { expires } : {}) })) });
  } finally {
    await cdp.detach();
  }
}

/** How often a round Lighthouse could not measure is run again, as its own error message asks ("Please run Lighthouse again"). */
const UNMEASURED_RETRIES = 2;

async function audit(url: string, port: number) {
  for (let attempt = 0; ; attempt++) {
    const result = await auditOnce(url, port);
    if (!result.unmeasured || attempt === UNMEASURED_RETRIES) return result;
    console.log(`  (${url}: ${result.unmeasured}; run again)`);
  }
}

async function auditOnce(url: string, port: number) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const failedAudits = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
  const failed = failedAudits.map((a) => a.id);
  // What each failed audit points at (an element, a reason), so a failure can be acted on from the printout.
  const why = failedAudits.flatMap((a) =>
    ((a.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []).slice(0, 5).map((item) => `    ${a.id}: ${failureText(item)}`),
  );
  return {
    performance: lhr.categories.performance?.score ?? null,
    unmeasured: lhr.runtimeError?.code,
    lines: [
      `performance ${score(lhr.categories.performance?.score)}, accessibility ${score(lhr.categories.accessibility?.score)}, best practices ${score(lhr.categories['best-practices']?.score)}`,
      `  FCP ${ms(numeric('first-contentful-paint'))}, LCP ${ms(numeric('largest-contentful-paint'))}, TBT ${Math.round(numeric('total-blocking-time') ?? 0)} ms, CLS ${(numeric('cumulative-layout-shift') ?? 0).toFixed(3)}`,
      ...(lhr.runtimeError ? [`  Lighthouse could not measure: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`] : []),
      ...(lhr.runWarnings.length ? [`  Lighthouse warned: ${lhr.runWarnings.join(' / ').slice(0, 300)}`] : []),
      `  LCP element: ${lcpElement(lhr.audits)}`,
      ...mainThreadLines(lhr.audits),
      ...(failed.length ? [`  failed audits: ${failed.join(', ')}`, ...why] : []),
    ],
    network: ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []),
  };
}

export async function lighthouseBench(): Promise<void> {
  assertBrowserPresent();
  console.log('Building the app (npm run build)...');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const port = await freePort();
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${port}`],
    // Playwright turns the back/forward cache off by default, which fails Lighthouse's bf-cache audit whatever the page does.
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    // A session cookie for the signed-in page, from a real sign-in (the human check included).
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    await new LoginPage(await openPage(context)).signIn(SUPPLIER, DEMO_PASSWORD);
    const cookies = await context.cookies();
    await context.close();

    console.log(`Lighthouse 13 (mobile defaults) on ${server.url}, Chromium ${browser.version()}`);
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
    const scores = { signIn: [] as Array<number | null>, orders: [] as Array<number | null> };
    for (let run = 1; run <= runs; run++) {
      console.log(`Round ${run} of ${runs}, load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
      const signIn = await audit(`${server.url}/`, port);
      console.log('- sign-in page:', signIn.lines[0]);
      for (const line of signIn.lines.slice(1)) console.log(line);
      console.log(`  JavaScript loaded: ${(scriptGzipBytes(appScripts(signIn.network, server.url)) / 1024).toFixed(1)} KiB gzip`);
      // Into the browser's default context, where Lighthouse opens its tab, and only for the orders list. Not as
      // Lighthouse's extraHeaders: those reach the page's requests but not the sync worker's, whose 401s left
      // the list empty under the offline note (the 0.05 shift, and the note as the largest paint).
      await setCookies(browser, cookies);
      const orders = await audit(`${server.url}/app/orders`, port);
      await setCookies(browser, []);
      console.log('- orders list (signed in):', orders.lines[0]);
      for (const line of orders.lines.slice(1)) console.log(line);
      console.log(`  JavaScript loaded: ${(scriptGzipBytes(appScripts(orders.network, server.url)) / 1024).toFixed(1)} KiB gzip`);
      scores.signIn.push(signIn.performance);
      scores.orders.push(orders.performance);
    }
    if (runs > 1) {
      console.log(`Performance over ${runs} rounds (median, as Lighthouse's guidance on variability advises, then each round):`);
      console.log(`- sign-in page: ${medianScore(scores.signIn)} (${scores.signIn.map(score).join(', ')})`);
      console.log(`- orders list: ${medianScore(scores.orders)} (${scores.orders.map(score).join(', ')})`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
