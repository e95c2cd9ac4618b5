/**
 * The sync engine: drains the outbox and pulls the changes feed into the browser's
 * store, one tab at a time, and mirrors the pages a screen asks for (the `mirror*`
 * methods, which the worker API exposes to src/local: first and next pages of the
 * lists, single rows, the catalogue's chunked fill and search).
 *
 * Layering: src/sync sits below src/local (domain <- api <- sync <- local), so it
 * never imports the Dexie database of src/local. Instead the store's shape is
 * described in store-schema.ts (table names, indexes, row types, `SyncDb`), the
 * Dexie subclass in src/local declares exactly those tables, and whoever starts the
 * engine (workers/sync.worker.ts in the browser, the tests in Node) opens that
 * database and passes it in. The engine therefore works on any Dexie instance of
 * that shape, fake-indexeddb included.
 *
 * Leadership: the engine asks for a Web Lock named after the database. The holder
 * drains and pulls, writing a heartbeat; the others wait in the lock's queue and
 * watch the heartbeat. A leader that stops beating (a frozen tab keeps its lock)
 * is robbed with `steal`, and once it wakes it finds its lock gone and follows.
 */
import { ApiError, NetworkError } from '../api/api-error';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { drainOutbox } from './drain';
import { defaultLockManager, type LockManagerLike } from './lock-manager';
import {
  mirrorAccountPage,
  mirrorAsnPage,
  mirrorHistory,
  mirrorInvoice,
  mirrorInvoicePage,
  mirrorOrder,
  mirrorOrderPage,
  mirrorProduct,
  mirrorProductPage,
  mirrorProductSearchPage,
  mirrorPropertyPage,
  type HistoryEntity,
  mirrorUserPage,
  type MirrorContext,
} from './mirror-pages';
import { mirrorProductFill } from './mirror-fill';
import { mirrorCategoryTree, mirrorCounterparts, mirrorPricelistBuyers, mirrorPricelistPage, mirrorPricePage } from './mirror-preferences';
import { mirrorStandardUnits } from './mirror-standard-units';
import type { FillPosition } from './product-chunks';
import { ProductSearch } from './product-search';
import { pullScope } from './pull-changes';
import { updateStatus } from './status';
import { isQuotaExceeded, STORAGE_FULL_TEXT, withStore } from './storage-errors';
import type { SyncDb } from './store-schema';
import { transportFetch, type TransportOptions } from './transport';
import { wakeChannelName } from './wake-channel';

export interface EngineOptions extends TransportOptions {
  db: SyncDb;
  locks?: LockManagerLike;
  backoff?: BackoffPolicy;
  now?: () => number;
  /** How often the leader pulls when nothing wakes it. */
  pullIntervalMs?: number;
  heartbeatMs?: number;
  /** A leader silent for this long is taken over. */
  watchdogMs?: number;
}

/** What the engine needs of the session: the scopes to pull. */
export interface SyncSessionInfo {
  scopes: string[];
}

const HEARTBEAT_KEY = 'leaderHeartbeat';

interface Heartbeat {
  owner: string;
  at: number;
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

export class SyncEngine {
  readonly id = crypto.randomUUID();
  private readonly db: SyncDb;
  private readonly fetch: typeof fetch;
  private readonly locks: LockManagerLike;
  private readonly backoff: BackoffPolicy;
  private readonly now: () => number;
  private readonly pullIntervalMs: number;
  private readonly heartbeatMs: number;
  private readonly watchdogMs: number;
  private readonly lockName: string;
  private readonly search: ProductSearch;

  private scopes: string[] = [];
  private running: AbortController | null = null;
  private loop: Promise<void> = Promise.resolve();
  private channel: BroadcastChannel | null = null;
  /** The current term of leadership; a stolen lock ends it, so a thawed old loop cannot lead on. */
  private term: object | null = null;
  private wakeRequested = false;
  private readonly sleepers = new Set<() => void>();
  private cycleDone: Array<() => void> = [];

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.fetch = transportFetch(options);
    this.locks = options.locks ?? defaultLockManager();
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.now = options.now ?? Date.now;
    this.pullIntervalMs = options.pullIntervalMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.watchdogMs = options.watchdogMs ?? 20_000;
    this.lockName = wakeChannelName(this.db.name);
    this.search = new ProductSearch(this.db);
  }

  get dbName(): string {
    return this.db.name;
  }

  get isLeader(): boolean {
    return this.term !== null;
  }

  /** Begins (or re-begins, after a sign-in or a change of assumed organisation) syncing these scopes. */
  start(session: SyncSessionInfo): void {
    this.scopes = [...session.scopes];
    if (this.running) {
      this.wake();
      return;
    }
    const running = new AbortController();
    this.running = running;
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(this.lockName);
      this.channel.onmessage = () => this.wakeLocally();
    }
    this.loop = this.contend(running.signal);
  }

  async stop(): Promise<void> {
    this.running?.abort();
    this.running = null;
    this.channel?.close();
    this.channel = null;
    this.wakeLocally();
    await this.loop;
  }

  /** Drain and pull now, ignoring backoff: called on `online`, focus, a service-worker wake-up, a new change. */
  wake(): void {
    this.wakeLocally();
    this.channel?.postMessage('wake');
  }

  /** After the user signed in again following a 401. */
  async resume(): Promise<void> {
    await updateStatus(this.db, { needsSignIn: false });
    this.wake();
  }

  /** Resolves after the leader's next full cycle (tests, and the update prompt waiting for a drain). */
  nextCycle(): Promise<void> {
    return new Promise((resolve) => {
      this.cycleDone.push(resolve);
      this.wakeLocally();
    });
  }

  private wakeLocally(): void {
    this.wakeRequested = true;
    this.sleepers.forEach((wake) => wake());
  }

  private mirrorContext(): MirrorContext {
    return { db: this.db, fetch: this.fetch };
  }

  mirrorOrderPage(scope: string, offset: number, orderNumberLike?: string) {
    return withStore(this.db, () => mirrorOrderPage(this.mirrorContext(), scope, offset, orderNumberLike));
  }
  mirrorOrder(scope: string, orderId: string) {
    return withStore(this.db, () => mirrorOrder(this.mirrorContext(), scope, orderId));
  }
  mirrorAsnPage(scope: string, offset: number, orderNumber?: string) {
    return withStore(this.db, () => mirrorAsnPage(this.mirrorContext(), scope, offset, orderNumber));
  }
  mirrorHistory(scope: string, entity: HistoryEntity, id: string, type?: string) {
    return withStore(this.db, () => mirrorHistory(this.mirrorContext(), scope, entity, id, type));
  }
  mirrorInvoicePage(scope: string, offset: number, veStatus?: string) {
    return withStore(this.db, () => mirrorInvoicePage(this.mirrorContext(), scope, offset, veStatus));
  }
  mirrorInvoice(scope: string, invoiceId: string) {
    return withStore(this.db, () => mirrorInvoice(this.mirrorContext(), scope, invoiceId));
  }
  mirrorPropertyPage(scope: string, offset: number) {
    return withStore(this.db, () => mirrorPropertyPage(this.mirrorContext(), scope, offset));
  }
  mirrorProductPage(scope: string, sellerId: string, from: FillPosition | null, limit?: number) {
    return withStore(this.db, () => mirrorProductPage(this.mirrorContext(), scope, sellerId, from, limit));
  }
  mirrorProductFill(scope: string, sellerId: string, from: FillPosition | null) {
    return withStore(this.db, () => mirrorProductFill(this.mirrorContext(), scope, sellerId, from, { onFillShown: (...args) => this.search.hold(...args) }));
  }
  mirrorProductSearchPage(scope: string, sellerId: string, text: string, cursor: string | null) {
    return withStore(this.db, () => mirrorProductSearchPage(this.mirrorContext(), scope, sellerId, text, cursor));
  }
  mirrorProduct(scope: string, sellerId: string, productCode: string) {
    return withStore(this.db, () => mirrorProduct(this.mirrorContext(), scope, sellerId, productCode));
  }
  mirrorAccountPage(scope: string, offset: number, nameLike?: string) {
    return withStore(this.db, () => mirrorAccountPage(this.mirrorContext(), scope, offset, nameLike));
  }
  mirrorUserPage(scope: string, orgId: string, offset: number) {
    return withStore(this.db, () => mirrorUserPage(this.mirrorContext(), scope, orgId, offset));
  }
  /**
   * Pulls the changes feed of a scope this session does not follow (support editing an
   * account's settings): from its cursor to now, once. Resolves with the changes applied.
   */
  mirrorScope(scope: string) {
    return withStore(this.db, () => pullScope({ db: this.db, fetch: this.fetch, signal: new AbortController().signal }, scope));
  }
  mirrorPricelistPage(scope: string, cursor: string | null) {
    return withStore(this.db, () => mirrorPricelistPage(this.mirrorContext(), scope, cursor));
  }
  mirrorPricelistBuyers(scope: string, pricelistId: string) {
    return withStore(this.db, () => mirrorPricelistBuyers(this.mirrorContext(), scope, pricelistId));
  }
  mirrorPricePage(scope: string, pricelistId: string, cursor: string | null) {
    return withStore(this.db, () => mirrorPricePage(this.mirrorContext(), scope, pricelistId, cursor));
  }
  mirrorStandardUnits() {
    return withStore(this.db, () => mirrorStandardUnits(this.mirrorContext()));
  }
  mirrorCategoryTree(scope: string) {
    return withStore(this.db, () => mirrorCategoryTree(this.mirrorContext(), scope));
  }
  mirrorCounterparts(ownOrgId: string, type: 1 | 2) {
    return withStore(this.db, () => mirrorCounterparts(this.mirrorContext(), ownOrgId, type));
  }
  searchProducts(scope: string, sellerId: string, text: string, limit: number) {
    return withStore(this.db, () => this.search.search(scope, sellerId, text, limit));
  }

  /** Waits for the lock (watching the holder's heartbeat), leads while it holds it, and queues again if robbed. */
  private async contend(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const queued = new AbortController();
      const stopQueue = () => queued.abort();
      signal.addEventListener('abort', stopQueue);
      const waitingSince = this.now();
      let steal = false;
      const watchdog = setInterval(() => {
        // A failed read (database closing) just means no verdict this time.
        void this.leaderSilent(waitingSince).then(
          (silent) => {
            if (silent && !queued.signal.aborted) {
              steal = true;
              queued.abort();
            }
          },
          () => undefined,
        );
      }, this.heartbeatMs);
      try {
        await this.locks.request(this.lockName, { signal: queued.signal }, () => this.lead(signal));
      } catch (error) {
        if (!isAbort(error)) throw error;
      } finally {
        clearInterval(watchdog);
        signal.removeEventListener('abort', stopQueue);
        this.endTerm();
      }
      if (steal && !signal.aborted) {
        try {
          await this.locks.request(this.lockName, { steal: true }, () => this.lead(signal));
        } catch (error) {
          if (!isAbort(error)) throw error;
        } finally {
          this.endTerm();
        }
      }
    }
  }

  private endTerm(): void {
    this.term = null;
    this.sleepers.forEach((wake) => wake());
  }

  private async leaderSilent(waitingSince: number): Promise<boolean> {
    const beat = (await this.db.meta.get(HEARTBEAT_KEY))?.value as Heartbeat | undefined;
    const last = beat && beat.owner !== this.id ? beat.at : waitingSince;
    return this.now() - last > this.watchdogMs;
  }

  private async beat(): Promise<void> {
    await this.db.meta.put({ key: HEARTBEAT_KEY, value: { owner: this.id, at: this.now() } satisfies Heartbeat });
  }

  /** Holds the lock: cycles until the engine stops or the lock is stolen (the holder's request then rejects). */
  private async lead(signal: AbortSignal): Promise<void> {
    const term = {};
    this.term = term;
    await this.beat();
    // A missed beat is harmless; enough of them in a row hand the lead over, as for a frozen tab.
    const heartbeat = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    try {
      while (!signal.aborted && this.term === term) {
        const ignoreBackoff = this.wakeRequested;
        this.wakeRequested = false;
        const nextAt = await this.cycle(signal, ignoreBackoff);
        this.cycleDone.splice(0).forEach((resolve) => resolve());
        if (this.wakeRequested || this.term !== term) continue;
        const delay = Math.max(0, Math.min(nextAt, this.now() + this.pullIntervalMs) - this.now());
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.sleepers.delete(done);
            resolve();
          };
          const timer = setTimeout(done, delay);
          this.sleepers.add(done);
        });
      }
    } finally {
      clearInterval(heartbeat);
      if (this.term === term) this.term = null;
    }
  }

  /** One drain and one pull of every scope. Returns when the next cycle is due at the latest. */
  private async cycle(signal: AbortSignal, ignoreBackoff: boolean): Promise<number> {
    let nextAt = Number.POSITIVE_INFINITY;
    try {
      await withStore(this.db, async () => {
        const status = await this.db.meta.get('syncStatus');
        if ((status?.value as { needsSignIn?: boolean } | undefined)?.needsSignIn) return;

        let sent = false;
        const drained = await drainOutbox(
          { db: this.db, fetch: this.fetch, backoff: this.backoff, now: this.now, signal, onSent: () => (sent = true) },
          { ignoreBackoff },
        );
        if (drained.state === 'signIn') {
          await updateStatus(this.db, { needsSignIn: true });
          return;
        }
        if (drained.state === 'waiting') nextAt = drained.at;

        // "Synced" means the server was reached: an empty outbox alone (nothing sent) says
        // nothing, or the time would tick on while offline.
        const pulled = await this.pullAll(signal);
        if (sent || pulled) await updateStatus(this.db, { lastSyncAt: this.now(), problem: null });
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await updateStatus(this.db, { needsSignIn: true });
      else if (isQuotaExceeded(error) || (error as Error).name === 'StorageFullError') {
        await updateStatus(this.db, { problem: STORAGE_FULL_TEXT });
      } else if (!(error instanceof NetworkError) && !(error instanceof ApiError)) {
        await updateStatus(this.db, { problem: (error as Error).message });
      }
    }
    return nextAt;
  }

  /** True when every scope was pulled; a network failure or a 5xx just leaves it for the next cycle. */
  private async pullAll(signal: AbortSignal): Promise<boolean> {
    let all = true;
    for (const scope of this.scopes) {
      const firstMirror = !(await this.db.cursors.get(scope));
      try {
        await pullScope(
          {
            db: this.db,
            fetch: this.fetch,
            signal,
            onProgress: firstMirror
              ? (applied, hasMore) => void updateStatus(this.db, { mirror: { scope, applied, done: !hasMore } })
              : undefined,
          },
          scope,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        if (!(error instanceof NetworkError) && !(error instanceof ApiError)) throw error;
        all = false;
      }
    }
    return all;
  }
}
