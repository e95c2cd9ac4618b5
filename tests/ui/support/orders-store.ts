import { cleanup } from '@testing-library/react';
import type { Remote } from 'comlink';
import { vi } from 'vitest';
import { closeLocalDatabase, openLocalDatabase } from '../../../src/local/db/current-database';
import type { LocalDatabase } from '../../../src/local/db/local-database';
import { setSyncEngine } from '../../../src/local/sync-start/engine-handle';
import type { SyncWorkerApi } from '../../../src/sync/worker-api';
import { profileOf, supplierPolicy } from './fixtures';

/**
 * A fresh local store per test (fake-indexeddb) and a stand-in for the sync worker:
 * screens read the store and ask the engine to mirror pages; tests decide how those
 * requests end. Every request resolves as "nothing more" unless a test says otherwise.
 */
export function openTestStore(): LocalDatabase {
  // The app opens the signed-in user's store by username; the fixtures' user is jane.doe.
  return openLocalDatabase(profileOf(supplierPolicy, '').user.username);
}

/** Unmounts first: a form saving its draft as it goes away must still find the store open. */
export async function closeTestStore(db: LocalDatabase): Promise<void> {
  cleanup();
  setSyncEngine(null);
  closeLocalDatabase();
  await db.delete();
}

export function fakeEngine(overrides: Partial<Record<keyof SyncWorkerApi, (...args: never[]) => unknown>> = {}) {
  const engine = {
    mirrorOrderPage: vi.fn(async () => ({ count: 0, full: false })),
    mirrorOrder: vi.fn(async () => ({ found: true })),
    mirrorAsnPage: vi.fn(async () => ({ count: 0, full: false })),
    mirrorHistory: vi.fn(async () => undefined),
    wake: vi.fn(),
    ...overrides,
  };
  setSyncEngine(engine as unknown as Remote<SyncWorkerApi>);
  return engine;
}

/**
 * jsdom lays nothing out; the virtualised list needs a viewport with a size to show rows in,
 * and the screen's, which stands in until a resize observer reports (tests that stub the
 * observer get no report).
 */
export function giveElementsASize(): void {
  vi.spyOn(Screen.prototype, 'availHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
}

export { address, orderRow } from '../../sync/helpers/order-rows';
