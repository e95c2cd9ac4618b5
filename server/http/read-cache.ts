import type { FastifyInstance } from 'fastify';
import { isPostgres, type Db } from '../db/database';

/**
 * How long a remembered read is served. This process forgets everything it remembers
 * the moment it answers any change (below); the lifetime only bounds how long a change
 * made elsewhere (another server process on the same PostgreSQL, the command line)
 * can go unseen.
 */
const READ_CACHE_MS = 2_000;
/** A burst of distinct sessions (a shift's tablets) fits many times over; past this it starts afresh. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  until: number;
}

/**
 * A brief in-process memory of the reads every request repeats (its session, the
 * organisation in its path). Any request that may change something clears it before
 * its answer goes out, so no one who has seen a change answered (a sign-out, a
 * password change, a deleted user or organisation) is served the old row. A load that
 * overlapped a clear is answered but not remembered: it may have read the old row.
 */
export class ReadCache {
  private entries = new Map<string, Entry>();
  /**
   * Loads under way, by key: requests that miss together (a remembered read expiring
   * under 300 requests a second, a shift's tablets asking for the same feed page) share
   * one load instead of each reading the same rows, which on PostgreSQL is a round trip
   * each while the others queue for the pool. Dropped with the entries: no one who has
   * seen a change answered shares a load that may have begun before it.
   */
  private loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  through<T>(key: string, load: () => Promise<T | null>, expiresAt: (value: T) => number = () => Infinity): Promise<T | null> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return Promise.resolve(hit.value as T);
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T | null>;
    const generation = this.generation;
    const loading = this.loading;
    const loaded = load().then((value) => {
      if (value !== null && generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { value, until: Math.min(now + READ_CACHE_MS, expiresAt(value)) });
      }
      return value;
    });
    loading.set(key, loaded);
    const done = () => {
      if (loading.get(key) === loaded) loading.delete(key);
    };
    loaded.then(done, done);
    return loaded;
  }

  forget(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
    this.generation++;
  }

  clear(): void {
    this.entries = new Map();
    this.loading = new Map();
    this.generation++;
  }
}

/** One cache per database: test apps on fresh databases in one process never see each other's rows. */
const caches = new WeakMap<Db, ReadCache>();
/** Whole answers (pages of the changes feed) are large: a few dozen are remembered, not thousands. */
const ANSWER_ENTRIES = 64;
const answerCaches = new WeakMap<Db, ReadCache>();

/**
 * Reads remembered under the revision counter as the request's session read saw it, on
 * PostgreSQL, where the read cache above is not kept: rows whose every change is
 * recorded (sync/change-log.ts moves the counter in the writer's transaction) are read
 * once per revision instead of once per request, and a change by any process moves the
 * counter, so no request is given a row older than the counter its session read saw.
 */
const revisionCaches = new WeakMap<Db, ReadCache>();

/**
 * The cache of `db` when it is the app's own database; a transaction (or a database
 * no app serves) has none, so reads inside a transaction always see its own writes.
 */
export function readCacheOf(db: Db): ReadCache | undefined {
  return caches.get(db);
}

/** The cache of whole answers of `db`, on the same terms as `readCacheOf`. */
export function answerCacheOf(db: Db): ReadCache | undefined {
  return answerCaches.get(db);
}

/** The cache of reads by revision of `db` (PostgreSQL), on the same terms as `readCacheOf`. */
export function revisionCacheOf(db: Db): ReadCache | undefined {
  return revisionCaches.get(db);
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives `db` its caches, cleared by every request other than a read before its answer is
 * sent (after its commit). The cache of sessions and organisations only on SQLite, which
 * one process serves: on PostgreSQL several processes may share the database, and a
 * sign-out or a password change in one must end the session in the others at once, not
 * up to READ_CACHE_MS later. The cache of whole answers on both: what it remembers is
 * keyed by the revision counter as the database holds it (server/sync/changes-answer.ts),
 * which a change recorded by any process moves, so no process serves a page older
 * than the last change it can read.
 */
export function registerReadCache(app: FastifyInstance, db: Db): void {
  const cache = isPostgres(db) ? undefined : new ReadCache();
  const byRevision = cache ? undefined : new ReadCache();
  const answers = new ReadCache(ANSWER_ENTRIES);
  if (cache) caches.set(db, cache);
  if (byRevision) revisionCaches.set(db, byRevision);
  answerCaches.set(db, answers);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ_METHODS.has(request.method)) {
      cache?.clear();
      byRevision?.clear();
      answers.clear();
    }
    done(null, payload);
  });
}
