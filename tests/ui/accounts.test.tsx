import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import type { LocalDatabase } from '../../src/local/db/local-database';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { signedIn, supportPolicy } from './support/fixtures';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore } from './support/orders-store';
import { renderApp } from './support/render-app';

const SUPPORT_SCOPE = 'org:support-org';
/** The first visit loads the screen's lazy chunk, which a busy machine can take a while to do. */
const FIRST_SHOW = { timeout: 20_000 };
let db: LocalDatabase;

const account = (key: string, name: string, type: 1 | 2, extra: Record<string, unknown> = {}) => ({
  scope: SUPPORT_SCOPE,
  key,
  rev: 1,
  uniqueKey: key,
  name,
  type,
  address2: 'Carlton',
  state: 'VIC',
  postCode: '3053',
  countryNo: 1,
  email: null,
  alert: false,
  ...extra,
});

function engine() {
  return fakeEngine({
    mirrorAccountPage: async () => ({ count: 0, full: false }),
    mirrorPropertyPage: async () => ({ count: 0, full: false }),
    mirrorScope: async () => 0,
    mirrorUserPage: async () => ({ count: 0, full: false }),
  });
}

beforeEach(async () => {
  db = openTestStore();
  giveElementsASize();
  await db.accounts.bulkPut([account('SUPACME00001', 'Acme Scientific', 1, { alert: true }), account('UNIWEST00001', 'Westmere University', 2)]);
});

afterEach(async () => {
  await closeTestStore(db);
});

async function openAccounts() {
  engine();
  fakeApi(signedIn(supportPolicy, 'Portal Support'));
  renderApp('/app/accounts');
  return screen.findByRole('table', { name: 'Accounts' }, FIRST_SHOW);
}

describe('accounts list', () => {
  it('filters by name at once from the local mirror, and asks the server for the name', async () => {
    const calls: Array<string | undefined> = [];
    fakeEngine({
      mirrorAccountPage: async (_scope: string, _offset: number, nameLike?: string) => {
        calls.push(nameLike);
        return { count: 0, full: false };
      },
    });
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, FIRST_SHOW);
    await within(table).findByText('Westmere University');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'acme');
    await waitFor(() => expect(within(table).queryByText('Westmere University')).toBeNull());
    expect(within(table).getByText('Acme Scientific')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('acme'));
    // The alert shows on the edit button.
    expect(within(table).getByRole('button', { name: 'Edit Acme Scientific (has an alert)' })).toBeTruthy();
  });

  it("assumes an account's role: SUPPLIER for type 1, stored, with 'Identity assumed.'", async () => {
    const table = await openAccounts();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Assume role of Acme Scientific' }));
    expect(await screen.findByText(messages.identityAssumed)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.renderFor) ?? 'null')).toEqual({ orgType: 'SUPPLIER', orgId: 'SUPACME00001', companyName: 'Acme Scientific' });
  });
});

describe('Add/Edit Account drawer', () => {
  it('enables Save and Save & New only with a name and an empty or valid email; a new account cannot be deleted nor have properties', async () => {
    await openAccounts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    const saveAndNew = within(drawer).getByRole('button', { name: 'Save & New' });
    expect(save).toHaveProperty('disabled', true);
    expect(saveAndNew).toHaveProperty('disabled', true);
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(within(drawer).getByRole('tab', { name: 'Properties' })).toHaveProperty('disabled', true);
    // A new account defaults to Supplier and country 1 (Australia).
    expect((within(drawer).getByLabelText('Account Type') as HTMLSelectElement).value).toBe('1');
    expect((within(drawer).getByLabelText('Country') as HTMLSelectElement).value).toBe('1');

    await user.type(within(drawer).getByLabelText('Name'), 'Zeta');
    expect(save).toHaveProperty('disabled', false);
    await user.type(within(drawer).getByLabelText('Default Email Address'), 'zeta@');
    expect(save).toHaveProperty('disabled', true);
    expect(saveAndNew).toHaveProperty('disabled', true);
    await user.type(within(drawer).getByLabelText('Default Email Address'), 'zeta.test');
    expect(saveAndNew).toHaveProperty('disabled', false);

    // Save & New: queued, the form empties and stays in new-account mode.
    await user.click(saveAndNew);
    expect(await screen.findByText(messages.recordSaved)).toBeTruthy();
    expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'account.add', method: 'POST', path: '/api/org', body: expect.objectContaining({ name: 'Zeta', email: 'zeta@zeta.test', type: 1, countryNo: 1 }) });
  });

  it('shows Properties and UOM Mapping for a saved supplier, and only Properties for a university', async () => {
    const table = await openAccounts();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    let drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    expect(await within(drawer).findByRole('tab', { name: 'UOM Mapping' })).toBeTruthy();
    expect(within(drawer).getByRole('tab', { name: 'Properties' })).toHaveProperty('disabled', false);
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(within(table).getByRole('button', { name: 'Edit Westmere University' }));
    drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await within(drawer).findByRole('tab', { name: 'Properties' });
    expect(within(drawer).queryByRole('tab', { name: 'UOM Mapping' })).toBeNull();
  });

  it('shows the conflict message when one property name has more than one record', async () => {
    const scope = 'org:SUPACME00001';
    await db.properties.bulkPut([
      { scope, key: '1', rev: 1, orgPropertyNo: 1, property: 'SUPPLIER_CODE', value: 'A' },
      { scope, key: '2', rev: 1, orgPropertyNo: 2, property: 'SUPPLIER_CODE', value: 'B' },
      { scope, key: '3', rev: 1, orgPropertyNo: 3, property: 'OTHER', value: 'shown' },
    ]);
    const table = await openAccounts();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const list = await within(drawer).findByRole('list', { name: 'Basic Properties list' });
    await within(list).findByText('shown');
    expect(within(list).getAllByText(messages.propertyConflict)).toHaveLength(2);
    expect(within(list).queryByText('A')).toBeNull();
  });

  it("covers the drawer with a busy overlay while this account's changes wait to be sent", async () => {
    const table = await openAccounts();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await within(drawer).findByRole('tab', { name: 'Properties' });
    expect(within(drawer).queryByRole('status', { name: "Saving this account's changes" })).toBeNull();

    await db.outbox.put({
      id: 'entry-1',
      clientId: 'c',
      seq: 1,
      kind: 'property.add',
      scope: 'org:SUPACME00001',
      method: 'POST',
      path: '/api/org/SUPACME00001/property',
      body: { property: 'X', value: 'Y' },
      touches: [],
      touchIds: [],
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
    });
    expect(await within(drawer).findByRole('status', { name: "Saving this account's changes" })).toBeTruthy();
    await db.outbox.update('entry-1', { state: 'failed', errors: ['Property X already exists'] });
    await waitFor(() => expect(within(drawer).queryByRole('status', { name: "Saving this account's changes" })).toBeNull());
    expect(within(within(drawer).getByRole('alert', { name: 'Changes not sent' })).getByText('Property X already exists')).toBeTruthy();
  });

  it('keeps an EDI password out of the store: the card only says whether one is set', async () => {
    const scope = 'org:SUPACME00001';
    await db.ediExports.put({ scope, key: '9', rev: 1, id: 9, docType: 'inv', type: 'cXML', orderFormat: 0, endpoint: 'https://x.test', user: 'u', passwordSet: true });
    const table = await openAccounts();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const card = await within(drawer).findByRole('form', { name: 'Invoice' });
    expect(within(card).getByText(/A password is set/)).toBeTruthy();
    await user.type(within(card).getByLabelText('Password'), 'n3w-secret');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText(messages.propertyModified);
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toMatchObject({ docType: 'inv', password: 'n3w-secret' });
    expect(JSON.stringify(await db.ediExports.toArray())).not.toContain('n3w-secret');
  });
});

describe('User Community', () => {
  it('enables Save only with first name, last name and a valid email, type REGULAR by default', async () => {
    engine();
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/accounts/SUPACME00001/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }, FIRST_SHOW));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit User' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect((within(drawer).getByLabelText('User Type') as HTMLSelectElement).value).toBe('REGULAR');
    await user.type(within(drawer).getByLabelText('First Name'), 'Ada');
    await user.type(within(drawer).getByLabelText('Last Name'), 'Lovelace');
    await user.type(within(drawer).getByLabelText('Email'), 'ada@acme');
    expect(save).toHaveProperty('disabled', true);
    await user.type(within(drawer).getByLabelText('Email'), '.test');
    expect(save).toHaveProperty('disabled', false);
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
  });
});

describe('Add/Edit User drawer after a delete', () => {
  it("confirms, says 'User record has been deleted' and locks the form", async () => {
    await db.users.put({ scope: SUPPORT_SCOPE, key: '42', rev: 1, userNo: 42, orgId: 'SUPACME00001', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', username: 'ada@acme.test', type: 'REGULAR' });
    engine();
    fakeApi(signedIn(supportPolicy, 'Portal Support'));
    renderApp('/app/accounts/SUPACME00001/user');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users' }, FIRST_SHOW);
    await user.click(await within(table).findByText('Ada'));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit User' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(messages.userDeleteConfirm)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.userDeleted)).toBeTruthy();
    expect(within(drawer).getByLabelText('First Name')).toHaveProperty('disabled', true);
    expect(within(drawer).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.path])).toEqual([['user.delete', '/api/org/SUPACME00001/user/42']]);
  });
});
