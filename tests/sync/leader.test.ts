import { afterEach, describe, expect, it } from 'vitest';
import { asSyncDb, LocalDatabase } from '../../src/local/db/local-database';
import { SyncEngine } from '../../src/sync/engine';
import { createMemoryLockManager } from '../../src/sync/lock-manager';
import { freshDb } from './helpers/fresh-db';
import { scriptedFetch } from './helpers/scripted-fetch';

const scope = 'org:SUPACMESCI01';
const emptyFeed = () => ({ status: 200, body: { changes: [], cursor: 0, hasMore: false } });
const engines: SyncEngine[] = [];
const dbs: LocalDatabase[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
  dbs.splice(0).forEach((d) => d.close());
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function engineOn(name: string, locks: ReturnType<typeof createMemoryLockManager>, watchdogMs = 2000) {
  // Each "tab" has its own connection to the same database.
  const db = new LocalDatabase(name);
  dbs.push(db);
  const feed = scriptedFetch(emptyFeed);
  const engine = new SyncEngine({ db: asSyncDb(db), fetch: feed.fetch, locks, heartbeatMs: 20, watchdogMs, pullIntervalMs: 50 });
  engines.push(engine);
  return { engine, requests: feed.requests };
}

describe('one tab at a time', () => {
  it('only the lock holder pulls; when it stops the other takes over', async () => {
    const name = freshDb('leader').name;
    const locks = createMemoryLockManager();
    const a = engineOn(name, locks);
    const b = engineOn(name, locks);
    a.engine.start({ scopes: [scope] });
    await until(() => a.engine.isLeader);
    b.engine.start({ scopes: [scope] });
    await until(() => a.requests.length >= 3);
    expect(b.engine.isLeader).toBe(false);
    expect(b.requests).toHaveLength(0);

    await a.engine.stop();
    await until(() => b.engine.isLeader);
    await until(() => b.requests.length >= 1);
  });

  it('takes over from a frozen leader that holds the lock but stopped beating', async () => {
    const name = freshDb('frozen').name;
    const locks = createMemoryLockManager();
    let release!: () => void;
    // A "tab" that took the lock and froze: it never beats and never lets go.
    const frozen = locks.request(`portal-sync:${name}`, {}, () => new Promise<void>((r) => (release = r))).catch(() => 'robbed');
    const b = engineOn(name, locks, 150);
    b.engine.start({ scopes: [scope] });
    await until(() => b.engine.isLeader);
    expect(await frozen).toBe('robbed');
    release();
  });
});
