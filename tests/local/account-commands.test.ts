import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalDatabase, openLocalDatabase } from '../../src/local/db/current-database';
import { isAccountUniqueKey } from '../../src/domain/rules/account-unique-key';
import { addAccount, deleteAccount, editAccount } from '../../src/local/mutations/accounts';
import { addUser } from '../../src/local/mutations/community-users';
import { addEdiExport, editEdiExport } from '../../src/local/mutations/org-collections';
import { acknowledge } from '../../src/sync/settle';
import { applyRows } from '../../src/sync/apply-rows';

let user = 0;
function openFresh() {
  user += 1;
  return openLocalDatabase(`accounts${user}-${Date.now()}@demo.test`);
}

afterEach(() => closeLocalDatabase());

describe('account administration commands', () => {
  it("add an account under the key the browser made for it, sent with it, which the server's answer keeps", async () => {
    const db = openFresh();
    const entry = await addAccount('SUPPORT00001', { name: 'Zeta', type: 1, countryNo: 1 });
    const key = entry.touches[0]!.key;
    expect(isAccountUniqueKey(key)).toBe(true);
    expect(entry).toMatchObject({ kind: 'account.add', method: 'POST', path: '/api/org', body: { name: 'Zeta', uniqueKey: key } });
    expect(await db.accounts.get(['org:SUPPORT00001', key])).toMatchObject({ name: 'Zeta', pending: true });
    // Another new account gets another key.
    expect((await addAccount('SUPPORT00001', { name: 'Eta' })).touches[0]!.key).not.toBe(key);

    // Edits and deletes need not wait for the server: they queue after the create.
    const edit = await editAccount('SUPPORT00001', key, { name: 'Zeta Pty', type: 1, countryNo: 1 });
    expect(edit).toMatchObject({ method: 'PUT', path: `/api/org/${key}` });
    expect(await db.accounts.get(['org:SUPPORT00001', key])).toMatchObject({ name: 'Zeta Pty', pending: true });

    await acknowledge(db, [{ id: entry.id, answer: { uniqueKey: key, name: 'Zeta', type: 1 } }]);
    await acknowledge(db, [{ id: edit.id, answer: { uniqueKey: key, name: 'Zeta Pty', type: 1 } }]);
    expect(await db.accounts.get(['org:SUPPORT00001', key])).toMatchObject({ name: 'Zeta Pty' });
    expect((await db.accounts.get(['org:SUPPORT00001', key]))?.pending).toBeUndefined();

    const removal = await deleteAccount('SUPPORT00001', key);
    expect(removal).toMatchObject({ method: 'DELETE', path: `/api/org/${key}` });
    expect(await db.accounts.get(['org:SUPPORT00001', key])).toBeUndefined();
  });

  it("keep a new user's account on its row after the server's answer (which does not name it)", async () => {
    const db = openFresh();
    const entry = await addUser('SUPPORT00001', 'SUPACMESCI01', { firstName: 'Ada', lastName: 'L', email: 'ada@acme.test', type: 'REGULAR' });
    expect(entry.path).toBe('/api/org/SUPACMESCI01/user');
    await acknowledge(db, [{ id: entry.id, answer: { userNo: 42, firstName: 'Ada', lastName: 'L', email: 'ada@acme.test', username: 'ada@acme.test', type: 'REGULAR' } }]);
    expect(await db.users.get(['org:SUPPORT00001', '42'])).toMatchObject({ orgId: 'SUPACMESCI01', username: 'ada@acme.test' });
  });

  it('never store an EDI password: the row says whether one is set, the pulled row drops it too', async () => {
    const db = openFresh();
    const added = await addEdiExport('SUPACMESCI01', { docType: 'po', type: 'cXML', password: 'top-secret' });
    const scope = 'org:SUPACMESCI01';
    expect(await db.ediExports.get([scope, added.touches[0]!.key])).toMatchObject({ docType: 'po', passwordSet: true });
    await acknowledge(db, [{ id: added.id, answer: { id: 5, docType: 'po', type: 'cXML', orderFormat: 0, passwordSet: true } }]);

    await editEdiExport('SUPACMESCI01', '5', { docType: 'po', type: 'cXML', password: null });
    expect(await db.ediExports.get([scope, '5'])).toMatchObject({ passwordSet: false });
    await applyRows(db, [{ table: 'ediExports', scope, key: '6', rev: 9, row: { id: 6, docType: 'inv', password: 'from-an-old-server' } }], 'replace');
    expect(await db.ediExports.get([scope, '6'])).toMatchObject({ passwordSet: true });
    const stored = JSON.stringify([await db.ediExports.toArray(), await db.bases.toArray()]);
    expect(stored).not.toContain('top-secret');
    expect(stored).not.toContain('from-an-old-server');
  });
});
