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

/** jsdom lays nothing out; the virtualised list needs a viewport with a size to show rows in. */
export function giveElementsASize(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
}

export const address = (name: string) => ({
  name,
  postalAddressName: `${name} Receiving`,
  postalAddressStreet: '1 Campus Road',
  postalAddressCity: 'Westmere',
  postalAddressState: 'NSW',
  postalAddressPostcode: '2000',
  postalAddressCountryCode: 'AU',
  postalAddressCountryName: 'Australia',
  email: 'receiving@uni.example',
  phoneCountryCode: '61',
  phoneAreaCode: '2',
  phoneNumber: '5550 1000',
  faxCountryCode: '61',
  faxAreaCode: '2',
  faxNumber: '5550 1001',
});

export function orderRow(scope: string, id: number, overrides: Record<string, unknown> = {}) {
  return {
    scope,
    key: String(id),
    rev: 1,
    id,
    orderNo: `PO-${id}`,
    orderDate: `2026-10-${String(10 + (id % 18)).padStart(2, '0')}T09:00:00.000Z`,
    state: 'Open',
    read: true,
    canExport: true,
    buyerId: 'buyer-1',
    buyerName: 'Westmere University',
    sellerId: 'seller-1',
    sellerName: 'Acme Scientific',
    raisedBy: 'Jane Buyer',
    taxTotal: 10,
    taxTotalCurrency: 'AUD',
    orderTotalExtTax: 1234.5,
    orderTotalCurrency: 'AUD',
    shipTo: address('Science Store'),
    billTo: address('Accounts Payable'),
    contact: address('Jane Buyer'),
    ...overrides,
  };
}
