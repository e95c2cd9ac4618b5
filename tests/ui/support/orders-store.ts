import { cleanup } from '@testing-library/react';
import type { Remote } from 'comlink';
import { vi } from 'vitest';
import { closeLocalDatabase, openLocalDatabase } from '../../../src/local/db/current-database';
import type { LocalDatabase } from '../../../src/local/db/local-database';
import { setSyncEngine } from '../../../src/local/sync-start/engine-handle';
import type { MirrorKind } from '../../../src/sync/mirror-registry';
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

type FakeHandlers = Partial<Record<MirrorKind | 'wake' | 'searchProducts', (...args: never[]) => unknown>>;

/** `mirror(kind, ...)` calls the handler of that kind, so tests stub and watch one kind each by its name. */
export function fakeEngine(overrides: FakeHandlers = {}) {
  const engine = {
    orderPage: vi.fn(async () => ({ count: 0, full: false })),
    order: vi.fn(async () => ({ found: true })),
    asnPage: vi.fn(async () => ({ count: 0, full: false })),
    history: vi.fn(async () => undefined),
    wake: vi.fn(),
    ...overrides,
  };
  const handlers: Partial<Record<string, (...args: never[]) => unknown>> = engine;
  const mirror = (kind: string, ...args: never[]) => {
    const handler = handlers[kind];
    if (!handler) throw new Error(`The fake engine has no handler for ${kind}`);
    return handler(...args);
  };
  setSyncEngine({ mirror, wake: engine.wake, searchProducts: handlers.searchProducts } as unknown as Remote<SyncWorkerApi>);
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
