import { localDatabase } from '../db/current-database';
import { heldInvoices, type InvoiceView } from '../hooks/use-invoices';
import { USER_CACHE_PREFIX } from '../../sync/sw-contract';

/** The service worker's cache of invoice PDFs and other downloads (workers/sw-offline-files.ts). */
const DOCUMENTS_CACHE = `${USER_CACHE_PREFIX}documents`;

/**
 * How much the background prefetch may keep: the newest `maxCount` pending invoices,
 * at most `maxBytes` fetched in one run, and never once less than `minFreeBytes` of the
 * browser's quota (or under `minFreeShare` of it) would remain.
 */
export interface PrefetchLimits {
  maxCount: number;
  maxBytes: number;
  minFreeBytes: number;
  minFreeShare: number;
}

const PDF_PREFETCH_LIMITS: PrefetchLimits = {
  maxCount: 50,
  maxBytes: 40 * 1024 * 1024,
  minFreeBytes: 200 * 1024 * 1024,
  minFreeShare: 0.1,
};

/** What a prefetch needs of the browser; the tests give their own. */
export interface PrefetchEnv {
  /** The file is in the documents cache already. */
  isHeld(url: string): Promise<boolean>;
  /** Fetches the file through the service worker (which keeps it) and answers its size in bytes. */
  fetchFile(url: string): Promise<number>;
  /** The browser's quota and what is used of it; null where the browser does not say. */
  estimate(): Promise<{ usage: number; quota: number } | null>;
}

type PrefetchStop = 'done' | 'bytes' | 'storage' | 'failed';

export interface PrefetchOutcome {
  /** Time the run took, in milliseconds. */
  ms: number;
  candidates: number;
  alreadyHeld: number;
  fetched: number;
  bytes: number;
  stopped: PrefetchStop;
}

/** The PDFs worth having offline: those of the newest unexported invoices, newest first. */
export function pendingPdfUrls(invoices: InvoiceView[], maxCount: number): string[] {
  const urls: string[] = [];
  for (const invoice of invoices) {
    if (urls.length >= maxCount) break;
    if (!invoice.exported && invoice.message.pdfUrl) urls.push(invoice.message.pdfUrl);
  }
  return urls;
}

function storageShort(estimate: { usage: number; quota: number } | null, limits: PrefetchLimits): boolean {
  if (!estimate || estimate.quota <= 0) return false;
  const free = estimate.quota - estimate.usage;
  return free < limits.minFreeBytes || free < estimate.quota * limits.minFreeShare;
}

/**
 * Fetches the files not yet held, one at a time (a background task must not crowd out
 * the screen's own requests), stopping at the byte budget, when storage runs short, or
 * at the first failure (offline, server down: the next list visit tries again).
 */
export async function prefetchFiles(urls: string[], limits: PrefetchLimits, env: PrefetchEnv): Promise<PrefetchOutcome> {
  const started = performance.now();
  const outcome: Omit<PrefetchOutcome, 'ms'> = { candidates: urls.length, alreadyHeld: 0, fetched: 0, bytes: 0, stopped: 'done' };
  const end = (stopped: PrefetchStop): PrefetchOutcome => ({ ...outcome, stopped, ms: performance.now() - started });
  for (const url of urls) {
    if (await env.isHeld(url)) {
      outcome.alreadyHeld += 1;
      continue;
    }
    if (outcome.bytes >= limits.maxBytes) return end('bytes');
    if (storageShort(await env.estimate(), limits)) return end('storage');
    try {
      outcome.bytes += await env.fetchFile(url);
      outcome.fetched += 1;
    } catch {
      return end('failed');
    }
  }
  return end('done');
}

/**
 * Fired on window (a CustomEvent whose detail is the PrefetchOutcome) when a prefetch
 * run ends, so the storage figure reads the estimate again.
 */
export const OFFLINE_FILES_CHANGED = 'portal-offline-files-changed';

/**
 * The browser's side of a prefetch: null unless a service worker controls the page,
 * since only its cache-first route (with its expiry limits) keeps what is fetched.
 */
function browserPrefetchEnv(): PrefetchEnv | null {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller || typeof caches === 'undefined') return null;
  return {
    isHeld: async (url) => (await caches.open(DOCUMENTS_CACHE).then((cache) => cache.match(url))) !== undefined,
    fetchFile: async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    },
    estimate: async () => {
      if (!navigator.storage?.estimate) return null;
      const { usage = 0, quota = 0 } = await navigator.storage.estimate();
      return { usage, quota };
    },
  };
}

let running: Promise<PrefetchOutcome | null> | null = null;

/**
 * Keeps the PDFs of the newest pending invoices offline. One run at a time per page; a
 * call while one runs gets that run's outcome.
 */
function prefetchPendingInvoicePdfs(
  invoices: InvoiceView[],
  env: PrefetchEnv | null = browserPrefetchEnv(),
  limits: PrefetchLimits = PDF_PREFETCH_LIMITS,
): Promise<PrefetchOutcome | null> {
  if (!env) return Promise.resolve(null);
  running ??= prefetchFiles(pendingPdfUrls(invoices, limits.maxCount), limits, env)
    .then((outcome) => {
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(OFFLINE_FILES_CHANGED, { detail: outcome }));
      return outcome;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** After a buyer's invoice list was mirrored: keep the PDFs of its newest pending invoices offline. */
export async function prefetchScopeInvoicePdfs(scope: string): Promise<PrefetchOutcome | null> {
  const env = browserPrefetchEnv();
  if (!env) return null;
  return prefetchPendingInvoicePdfs(await heldInvoices(localDatabase(), scope), env);
}
