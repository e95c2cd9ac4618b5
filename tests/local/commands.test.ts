import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalDatabase, databaseNameFor, localDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { saveAsnDraft, submitAsn, DraftLockedError } from '../../src/local/mutations/asn-drafts';
import { markOrderRead } from '../../src/local/mutations/mark-read';
import { addProperty, editProperty } from '../../src/local/mutations/org-collections';
import { setProductIncluded } from '../../src/local/mutations/set-product-included';
import { pendingChangeCount } from '../../src/local/outbox/pending-change-count';
import { wipeLocalData } from '../../src/local/outbox/wipe-local-data';
import { orderRow } from '../sync/helpers/order-rows';

let user = 0;
function openFresh() {
  user += 1;
  return openLocalDatabase(`user${user}-${Date.now()}@demo.test`);
}

afterEach(() => closeLocalDatabase());

describe('commands', () => {
  it('write the optimistic change and the outbox entry together', async () => {
    const db = openFresh();
    await db.orders.put(orderRow('buyer:UNIWESTMERE1', 3, { read: false }));
    const entry = await markOrderRead('buyer:UNIWESTMERE1', '3');
    expect((await db.orders.get(['buyer:UNIWESTMERE1', '3']))?.read).toBe(true);
    expect(await db.outbox.get(entry.id)).toMatchObject({
      kind: 'order.read',
      method: 'POST',
      path: '/api/buyer/UNIWESTMERE1/order/3/actions/read',
      state: 'pending',
      seq: 1,
      attempts: 0,
    });
    expect(await pendingChangeCount()).toBe(1);
  });

  it('write nothing at all when the transaction fails', async () => {
    const db = openFresh();
    await db.orders.put(orderRow('seller:SUPACMESCI01', 1, { read: false }));
    // A hook that fails inside the transaction stands in for a refused write (quota, closed connection).
    const fail = () => {
      throw new Error('refused');
    };
    db.outbox.hook('creating', fail);
    await expect(markOrderRead('seller:SUPACMESCI01', '1')).rejects.toThrow('refused');
    db.outbox.hook('creating').unsubscribe(fail);
    expect((await db.orders.get(['seller:SUPACMESCI01', '1']))?.read).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bases.count()).toBe(0);
  });

  it('keep organisations apart: the same key in two scopes is two rows', async () => {
    const db = openFresh();
    await setProductIncluded('UNIWESTMERE1', 'SUPACMESCI01', 'P1', false);
    await setProductIncluded('UNINORTHGATE', 'SUPACMESCI01', 'P1', true);
    const metas = await db.productMeta.toArray();
    expect(metas.map((m) => [m.scope, m.key, m.excluded])).toEqual([
      ['buyer:UNINORTHGATE', 'UNINORTHGATE:SUPACMESCI01:P1', false],
      ['buyer:UNIWESTMERE1', 'UNIWESTMERE1:SUPACMESCI01:P1', true],
    ]);
  });

  it('show an added property at once, under a temporary key that cannot be edited yet', async () => {
    const db = openFresh();
    const entry = await addProperty('SUPACMESCI01', 'SUPPORT_PHONE', '123');
    const [row] = await db.properties.toArray();
    expect(row).toMatchObject({ key: `tmp:${entry.id}`, property: 'SUPPORT_PHONE', value: '123', pending: true });
    expect(() => editProperty('SUPACMESCI01', row!.key, 'SUPPORT_PHONE', '456')).toThrow();
  });

  it('lock an ASN draft while it is being submitted', async () => {
    openFresh();
    await saveAsnDraft('SUPACMESCI01', '7', 'draft-1', { orderNumber: 'PO-7', lines: [] });
    await submitAsn('SUPACMESCI01', 'UNIWESTMERE1', 'draft-1');
    await expect(saveAsnDraft('SUPACMESCI01', '7', 'draft-1', { orderNumber: 'PO-7' })).rejects.toBeInstanceOf(DraftLockedError);
    expect(await localDatabase().asns.count()).toBe(1);
  });
});

describe('sign-out', () => {
  it('deletes the user’s database', async () => {
    const username = `wipe-${Date.now()}@demo.test`;
    const db = openLocalDatabase(username);
    await db.orders.put(orderRow('seller:X', 1));
    await wipeLocalData(username);
    expect(await Dexie.exists(databaseNameFor(username))).toBe(false);
  });
});
