import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalDatabase, databaseNameFor, openLocalDatabase } from '../../src/local/db/current-database';
import { LocalDatabase } from '../../src/local/db/local-database';
import { orderRow } from '../sync/helpers/order-rows';
import { wipeLocalData } from '../../src/local/outbox/wipe-local-data';
import { withStore } from '../../src/sync/storage-errors';

let n = 0;
const freshUser = () => `late-writer-${++n}-${Date.now()}@demo.test`;
const exists = async (name: string) => (await indexedDB.databases()).some((d) => d.name === name);
const heartbeat = { key: 'heartbeat', value: { owner: 'late', at: 1 } };
const row = orderRow('seller:SUPACMESCI01', 1);

const opened: Dexie[] = [];
function track<T extends Dexie>(db: T): T {
  opened.push(db);
  return db;
}

afterEach(() => {
  closeLocalDatabase();
  opened.splice(0).forEach((db) => db.close());
});

describe('the local database after sign-out', () => {
  it('is never created by the sync worker’s connection', async () => {
    const name = databaseNameFor(freshUser());
    const worker = track(new LocalDatabase(name, { create: false }));
    await expect(worker.meta.put(heartbeat)).rejects.toThrow();
    expect(await exists(name)).toBe(false);
  });

  it('is opened by the sync worker once the window created it', async () => {
    const name = databaseNameFor(freshUser());
    await track(new LocalDatabase(name)).open();
    const worker = track(new LocalDatabase(name, { create: false }));
    await worker.meta.put(heartbeat);
    expect(await worker.meta.get('heartbeat')).toEqual(heartbeat);
  });

  it('is not recreated by another tab’s window or worker writing after the delete', async () => {
    const name = databaseNameFor(freshUser());
    const window = track(new LocalDatabase(name));
    await window.orders.put(row);
    const worker = track(new LocalDatabase(name, { create: false }));
    await worker.meta.put(heartbeat);

    await Dexie.delete(name);

    // Dexie reopens a connection closed by a delete elsewhere on its next query; the engine even reopens on purpose.
    await expect(window.orders.put(row)).rejects.toThrow();
    await expect(worker.meta.put(heartbeat)).rejects.toThrow();
    await expect(withStore(worker, () => worker.meta.put(heartbeat))).rejects.toThrow();
    await expect(withStore(window, () => window.orders.put(row))).rejects.toThrow();
    expect(await exists(name)).toBe(false);
  });

  it('is not recreated by a late command in the tab that signed out, and opens afresh at the next sign-in', async () => {
    const username = freshUser();
    const name = databaseNameFor(username);
    const db = openLocalDatabase(username);
    await db.orders.put(row);

    await wipeLocalData(username);
    // A command that took hold of the database before the wipe, writing after it.
    await expect(withStore(db, () => db.orders.put(row))).rejects.toThrow();
    expect(await exists(name)).toBe(false);

    const next = openLocalDatabase(username);
    expect(await next.orders.count()).toBe(0);
    expect(await exists(name)).toBe(true);
  });
});
