import { describe, expect, it } from 'vitest';
import { scopesFor } from '../../src/sync/scope';
import { StorageFullError, withStore } from '../../src/sync/storage-errors';
import { freshDb } from './helpers/fresh-db';
import { orderRow } from './helpers/order-rows';

describe('the store guard', () => {
  it('reopens the database once after a lost connection', async () => {
    const db = freshDb('reopen');
    await db.orders.put(orderRow('seller:X', 1));
    db.close();
    expect(await withStore(db, () => db.orders.count())).toBe(1);
    db.close();
  });

  it('turns a full disk into an error the user can act on', async () => {
    const db = freshDb('quota');
    const full = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await expect(withStore(db, full)).rejects.toBeInstanceOf(StorageFullError);
    db.close();
  });
});

describe('scopes of a session', () => {
  it('a supplier mirrors its seller and org scopes', () => {
    expect(scopesFor({ orgType: 'SUPPLIER', orgId: 'S1', userType: 'ADMIN' }, null)).toEqual(['org:S1', 'seller:S1']);
  });

  it('a support user mirrors only the assumed organisation beside its own', () => {
    const policy = { orgType: 'SUPPORT', orgId: 'SUP', userType: 'SUPPORT' } as const;
    expect(scopesFor(policy, null)).toEqual(['org:SUP']);
    expect(scopesFor(policy, { orgType: 'UNIVERSITY', orgId: 'U1', companyName: 'U' })).toEqual(['org:SUP', 'buyer:U1', 'org:U1']);
  });
});
