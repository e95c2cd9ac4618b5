/**
 * The sync engine: drains the outbox and pulls the changes feed into the browser's
 * store, one tab at a time, and mirrors what a screen asks for (`mirror`, by the kind's
 * name in mirror-registry.ts, which the worker API exposes to src/local: first and next
 * pages of the lists, single rows, the catalogue's chunked fill), and searches the
 * catalogues it holds.
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
import type { MirrorContext } from './mirror-kinds';
import { runMirror, type MirrorArgs, type MirrorKind, type MirrorResult } from './mirror-registry';
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
    return { db: this.db, fetch: this.fetch, onFillShown: (...args) => this.search.hold(...args) };
  }

  /** Mirrors what a screen is about to show: one kind of the registry (mirror-registry.ts), by name. */
  mirror<K extends MirrorKind>(kind: K, ...args: MirrorArgs<K>): Promise<MirrorResult<K>> {
    return withStore(this.db, () => runMirror(this.mirrorContext(), kind, ...args));
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
