import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { fieldErrors, messages } from '../../src/domain/messages';
import type { LocalDatabase } from '../../src/local/db/local-database';
import { asSyncDb } from '../../src/local/db/local-database';
import { STANDARD_UNITS_META_KEY } from '../../src/sync/mirror-standard-units';
import { markFailed } from '../../src/sync/settle';
import type { OutboxEntry } from '../../src/sync/outbox-entry';
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
    accountPage: async () => ({ count: 0, full: false }),
    propertyPage: async () => ({ count: 0, full: false }),
    scope: async () => 0,
    userPage: async () => ({ count: 0, full: false }),
    // As the engine does offline: the fetch fails and the held list stays.
    standardUnits: async () => {
      throw new TypeError('Failed to fetch');
    },
  });
}

let seq = 0;
/** An outbox entry as the drain leaves it: waiting, or refused with the server's errors. */
function outboxEntry(fields: Pick<OutboxEntry, 'kind' | 'scope' | 'method' | 'path' | 'body'> & Partial<OutboxEntry>): OutboxEntry {
  seq += 1;
  return { id: `entry-${seq}`, clientId: 'c', seq, touches: [], touchIds: [], createdAt: new Date().toISOString(), attempts: 0, state: 'pending', nextAttemptAt: 0, ...fields };
}

/** The browser goes offline, as far as the screens can tell. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

async function openAcme() {
  const table = await openAccounts();
  const user = userEvent.setup();
  await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
  const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
  await within(drawer).findByRole('tab', { name: 'Properties' });
  return { user, drawer };
}

/** The text a screen reader hears after a field's label: its description and error. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(async () => {
  db = openTestStore();
  giveElementsASize();
  await db.accounts.bulkPut([account('SUPACME00001', 'Acme Scientific', 1, { alert: true }), account('UNIWEST00001', 'Westmere University', 2)]);
});

afterEach(async () => {
  vi.restoreAllMocks();
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
      accountPage: async (_scope: string, _offset: number, nameLike?: string) => {
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
    // A new supplier has its UOM Mapping tab, disabled until saved as Properties is; a university has none.
    expect(within(drawer).getByRole('tab', { name: 'UOM Mapping' })).toHaveProperty('disabled', true);
    await user.selectOptions(within(drawer).getByLabelText('Account Type'), 'University');
    expect(within(drawer).queryByRole('tab', { name: 'UOM Mapping' })).toBeNull();
    await user.selectOptions(within(drawer).getByLabelText('Account Type'), 'Supplier');
    expect(within(drawer).getByRole('tab', { name: 'UOM Mapping' })).toHaveProperty('disabled', true);

    await user.type(within(drawer).getByLabelText('Name'), 'Zeta');
    expect(save).toHaveProperty('disabled', false);
    await user.type(within(drawer).getByLabelText('Default Email Address'), 'zeta@');
    expect(save).toHaveProperty('disabled', true);
    expect(saveAndNew).toHaveProperty('disabled', true);
    await user.type(within(drawer).getByLabelText('Default Email Address'), 'zeta.test');
    expect(saveAndNew).toHaveProperty('disabled', false);

    // Save & New: online, the form waits for the server's answer...
    await user.click(saveAndNew);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'account.add', method: 'POST', path: '/api/org', body: expect.objectContaining({ name: 'Zeta', email: 'zeta@zeta.test', type: 1, countryNo: 1 }) });
    expect(within(drawer).getByRole('status').textContent).toBe('Saving…');
    expect(screen.queryByText(messages.recordSaved)).toBeNull();
    // ...and once the server took it (the drain removes the entry), the form empties and stays in new-account mode.
    await db.outbox.delete(entry!.id);
    expect(await screen.findByText(messages.recordSaved)).toBeTruthy();
    await waitFor(() => expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('a new account the server refuses: the errors in the form, what was typed kept, no success toast, nothing for Changes not sent', async () => {
    await openAccounts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.type(within(drawer).getByLabelText('Name'), 'Acme Scientific');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    await markFailed(asSyncDb(db), entry!.id, ['Name Acme Scientific is already used']);
    const name = within(drawer).getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(describedBy(name)).toContain('Name Acme Scientific is already used'));
    expect(name.value).toBe('Acme Scientific');
    expect(screen.queryByText(messages.recordSaved)).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
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
    // Refused, it belongs to the Properties tab's form; from Basic Info the drawer says where.
    expect(within(within(drawer).getByRole('alert', { name: 'Changes not sent' })).getByText('Properties: Property X already exists')).toBeTruthy();
  });

  it('offline, queued changes do not cover the drawer: it says they wait, and the forms stay usable', async () => {
    await db.outbox.put(outboxEntry({ kind: 'property.add', scope: 'org:SUPACME00001', method: 'POST', path: '/api/org/SUPACME00001/property', body: { property: 'X', value: 'Y' } }));
    goOffline();
    const { user, drawer } = await openAcme();
    expect((await within(drawer).findByText(messages.accountChangesWaiting)).getAttribute('role')).toBe('status');
    expect(within(drawer).queryByRole('status', { name: "Saving this account's changes" })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    expect(await within(drawer).findByLabelText('Property Name')).toHaveProperty('disabled', false);
  });

  it('sends a new EDI password at once, never through the stored outbox: the card only says whether one is set', async () => {
    const scope = 'org:SUPACME00001';
    await db.ediExports.put({ scope, key: '9', rev: 1, id: 9, docType: 'inv', type: 'cXML', orderFormat: 0, endpoint: 'https://x.test', user: 'u', passwordSet: false });
    engine();
    const api = fakeApi({
      ...signedIn(supportPolicy, 'Portal Support'),
      'PUT /api/org/SUPACME00001/edi-export/9': { status: 200, body: { id: 9, docType: 'inv', type: 'cXML', orderFormat: 0, ftpServer: null, ftpDir: null, user: 'u', passwordSet: true, endpoint: 'https://x.test' } },
    });
    renderApp('/app/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, FIRST_SHOW);
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const card = await within(drawer).findByRole('form', { name: 'Invoice' });
    // The card shows before the stored setting is read: its fields are the setting's type's once it is.
    expect(await within(card).findByText(/No password is set/)).toBeTruthy();
    await user.type(within(card).getByLabelText('Password'), 'n3w-secret');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText(messages.propertyModified);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([expect.objectContaining({ docType: 'inv', password: 'n3w-secret' })]);
    expect(await within(card).findByText(/A password is set/)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    const stored = JSON.stringify([await db.outbox.toArray(), await db.ediExports.toArray(), await db.bases.toArray()]);
    expect(stored).not.toContain('n3w-secret');
  });

  it('offline, the password field is disabled with the reason; the rest of the card is still queued, without a password', async () => {
    const scope = 'org:SUPACME00001';
    await db.ediExports.put({ scope, key: '9', rev: 1, id: 9, docType: 'inv', type: 'cXML', orderFormat: 0, endpoint: 'https://x.test', user: 'u', passwordSet: true });
    goOffline();
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const card = await within(drawer).findByRole('form', { name: 'Invoice' });
    const password = await within(card).findByLabelText('Password');
    expect(password).toHaveProperty('disabled', true);
    expect(describedBy(password)).toContain(messages.ediPasswordOnlineOnly);
    await user.clear(within(card).getByLabelText('User'));
    await user.type(within(card).getByLabelText('User'), 'v');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText(messages.propertyModified);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'ediExport.edit', body: expect.objectContaining({ user: 'v' }) });
    expect(entry!.body).not.toHaveProperty('password');
  });
});

describe("the server's refusals at their fields", () => {
  it('Basic Info: an error naming a field is shown at it; one naming none stays in the form\'s summary', async () => {
    await db.outbox.put(
      outboxEntry({
        kind: 'account.edit',
        scope: SUPPORT_SCOPE,
        method: 'PUT',
        path: '/api/org/SUPACME00001',
        body: { name: 'Acme Scientific', email: 'orders@acme', type: 1, countryNo: 1 },
        touches: [{ table: 'accounts', scope: SUPPORT_SCOPE, key: 'SUPACME00001' }],
        touchIds: [],
        state: 'failed',
        errors: [fieldErrors.invalidEmail('Default Email Address'), 'Account is being audited'],
      }),
    );
    const { drawer } = await openAcme();
    const email = await within(drawer).findByLabelText('Default Email Address');
    // The refused values come back to be corrected.
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('orders@acme'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toContain(fieldErrors.invalidEmail('Default Email Address'));
    expect(within(drawer).getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(within(within(drawer).getByRole('alert', { name: 'Basic Info not saved' })).getByText('Account is being audited')).toBeTruthy();
    expect(within(drawer).queryByRole('alert', { name: 'Changes not sent' })).toBeNull();
  });

  it('Properties: a refused add comes back into its section with the errors at the fields, and a corrected save replaces it', async () => {
    await db.outbox.put(
      outboxEntry({
        kind: 'property.add',
        scope: 'org:SUPACME00001',
        method: 'POST',
        path: '/api/org/SUPACME00001/property',
        body: { property: 'SUPPLIER_CODE', value: ' ' },
        state: 'failed',
        errors: [fieldErrors.required('Value'), fieldErrors.propertyExists('SUPPLIER_CODE')],
      }),
    );
    const { user, drawer } = await openAcme();
    expect(within(within(drawer).getByRole('alert', { name: 'Changes not sent' })).getByText(`Properties: ${fieldErrors.required('Value')}`)).toBeTruthy();
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const section = await within(drawer).findByRole('region', { name: 'Basic Properties' });
    const name = within(section).getByLabelText('Property Name') as HTMLInputElement;
    const value = within(section).getByLabelText('Property Value');
    await waitFor(() => expect(name.value).toBe('SUPPLIER_CODE'));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(value)).toBe(fieldErrors.required('Value'));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(within(within(section).getByRole('alert', { name: 'Basic Properties not saved' })).getByText(fieldErrors.propertyExists('SUPPLIER_CODE'))).toBeTruthy();
    expect(within(drawer).queryByRole('alert', { name: 'Changes not sent' })).toBeNull();

    await user.clear(name);
    await user.type(name, 'OTHER_CODE');
    await user.clear(value);
    await user.type(value, 'v1');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => [e.kind, e.state, e.body])).toEqual([['property.add', 'pending', { property: 'OTHER_CODE', value: 'v1' }]]));
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
    // Said saved once the server took it.
    expect(screen.queryByText(messages.propertyAdded)).toBeNull();
    await db.outbox.clear();
    await screen.findByText(messages.propertyAdded);
    expect((within(section).getByLabelText('Property Name') as HTMLInputElement).value).toBe('');
  });

  it('Properties: an add the server refuses while the form is open stays in the form with its errors, and nothing is left to send', async () => {
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const section = await within(drawer).findByRole('region', { name: 'Receiving Email' });
    await user.type(within(section).getByLabelText('Code'), 'AP');
    await user.type(within(section).getByLabelText('Email Address or Pattern'), 'ap@acme.test');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(within(section).getByRole('status').textContent).toBe('Saving…');
    const [entry] = await db.outbox.toArray();
    await markFailed(asSyncDb(db), entry!.id, [fieldErrors.invalidEmail('Email Address')]);
    const email = within(section).getByLabelText('Email Address or Pattern') as HTMLInputElement;
    await waitFor(() => expect(describedBy(email)).toContain(fieldErrors.invalidEmail('Email Address')));
    expect(email.value).toBe('ap@acme.test');
    expect((within(section).getByLabelText('Code') as HTMLInputElement).value).toBe('AP');
    expect(screen.queryByText(messages.propertyAdded)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(within(drawer).queryByRole('alert', { name: 'Changes not sent' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('UOM Mapping: a save the server refuses while the tab is open is shown at its code, the typed code kept', async () => {
    await db.meta.put({ key: STANDARD_UNITS_META_KEY, value: { EA: { description: 'Each', variations: ['EA', 'EACH'] }, KG: { description: 'Kilogram', variations: ['KG'] } } });
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'UOM Mapping' }));
    const kg = await within(drawer).findByLabelText('Code for KG');
    await user.type(kg, 'KILO');
    await user.click(within(drawer).getByRole('button', { name: 'Save Mapping' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    await markFailed(asSyncDb(db), entry!.id, [fieldErrors.unknownUom('KG')]);
    await waitFor(() => expect(describedBy(kg)).toBe(fieldErrors.unknownUom('KG')));
    expect((kg as HTMLInputElement).value).toBe('KILO');
    expect(screen.queryByText(messages.uomMappingSaved)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('EDI export: a setting the server refuses while the card is open stays in the card with its errors', async () => {
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'Properties' }));
    const card = await within(drawer).findByRole('form', { name: 'Invoice' });
    await user.clear(within(card).getByLabelText('Order Format'));
    await user.type(within(card).getByLabelText('Order Format'), '2');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    await markFailed(asSyncDb(db), entry!.id, ['EDI exports are switched off for this account']);
    expect((await within(card).findByRole('alert', { name: 'Invoice not saved' })).textContent).toContain('EDI exports are switched off for this account');
    expect((within(card).getByLabelText('Order Format') as HTMLInputElement).value).toBe('2');
    expect(screen.queryByText(messages.propertyAdded)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('UOM Mapping: a refusal naming a unit is shown at its code', async () => {
    await db.meta.put({ key: STANDARD_UNITS_META_KEY, value: { EA: { description: 'Each', variations: ['EA', 'EACH'] }, KG: { description: 'Kilogram', variations: ['KG'] } } });
    await db.outbox.put(
      outboxEntry({
        kind: 'seller.uomMapping',
        scope: 'org:SUPACME00001',
        method: 'PUT',
        path: '/api/seller/SUPACME00001/uom',
        body: { KG: 'KILO' },
        touches: [{ table: 'uomMappings', scope: 'org:SUPACME00001', key: 'SUPACME00001' }],
        state: 'failed',
        errors: [fieldErrors.unknownUom('KG')],
      }),
    );
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'UOM Mapping' }));
    const kg = await within(drawer).findByLabelText('Code for KG');
    await waitFor(() => expect((kg as HTMLInputElement).value).toBe('KILO'));
    expect(kg.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(kg)).toBe(fieldErrors.unknownUom('KG'));
    expect(within(drawer).getByLabelText('Code for EA').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('a new account', () => {
  it("offline, its Properties tab works at once after Save: the property is queued under the account's own key, after its create", async () => {
    goOffline();
    await openAccounts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.type(within(drawer).getByLabelText('Name'), 'Zeta');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText(messages.recordSaved);
    const properties = within(drawer).getByRole('tab', { name: 'Properties' });
    await waitFor(() => expect(properties).toHaveProperty('disabled', false));
    await user.click(properties);
    const section = await within(drawer).findByRole('region', { name: 'Basic Properties' });
    await user.type(within(section).getByLabelText('Property Name'), 'SUPPLIER_CODE');
    await user.type(within(section).getByLabelText('Property Value'), 'Z1');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await screen.findByText(messages.propertyAdded);
    await within(section).findByText('SUPPLIER_CODE');

    const [create, property] = await db.outbox.orderBy('seq').toArray();
    const key = (create!.body as { uniqueKey: string }).uniqueKey;
    expect(key).toMatch(/^[A-Z0-9]{12}$/);
    expect(create).toMatchObject({ kind: 'account.add', path: '/api/org', touches: [{ table: 'accounts', scope: SUPPORT_SCOPE, key }] });
    expect(property).toMatchObject({ kind: 'property.add', path: `/api/org/${key}/property`, body: { property: 'SUPPLIER_CODE', value: 'Z1' } });
    expect(property!.seq).toBeGreaterThan(create!.seq);
    // Nothing can be viewed as an account the server has not seen yet.
    const table = screen.getByRole('table', { name: 'Accounts', hidden: true });
    expect(within(table).getByRole('button', { name: 'Assume role of Zeta', hidden: true })).toHaveProperty('disabled', true);
    expect(within(table).getByRole('button', { name: 'Assume role of Acme Scientific', hidden: true })).toHaveProperty('disabled', false);
  });

  it('UOM Mapping shows the standard units the store holds from the server, and says so when it holds none yet', async () => {
    await db.meta.put({ key: STANDARD_UNITS_META_KEY, value: { XT: { description: 'Test unit', variations: ['XT1', 'XTS'] } } });
    const { user, drawer } = await openAcme();
    await user.click(within(drawer).getByRole('tab', { name: 'UOM Mapping' }));
    expect(await within(drawer).findByLabelText('Code for XT')).toBeTruthy();
    expect(within(drawer).getByText('XT1, XTS')).toBeTruthy();
    expect(within(drawer).queryByLabelText('Code for EA')).toBeNull();

    await db.meta.delete(STANDARD_UNITS_META_KEY);
    expect(await within(drawer).findByText(messages.standardUnitsNotLoaded)).toBeTruthy();
  });
});

/** Acme's user community, signed in as support, with the Add User drawer open. */
async function openAddUser() {
  engine();
  fakeApi(signedIn(supportPolicy, 'Portal Support'));
  renderApp('/app/accounts/SUPACME00001/user');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add User' }, FIRST_SHOW));
  const drawer = await screen.findByRole('dialog', { name: 'Add/Edit User' });
  return { user, drawer };
}

describe('User Community', () => {
  it('enables Save only with first name, last name and a valid email, type REGULAR by default', async () => {
    const { user, drawer } = await openAddUser();
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

describe('Add User refused by the server', () => {
  /** Fills the drawer's form with a taken email and saves it, online. */
  async function addDuplicate() {
    const { user, drawer } = await openAddUser();
    await user.type(within(drawer).getByLabelText('First Name'), 'Dup');
    await user.type(within(drawer).getByLabelText('Last Name'), 'Licate');
    await user.type(within(drawer).getByLabelText('Email'), 'ada@acme.test');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    return { user, drawer, entry: entry! };
  }

  it('shows the server\'s error in the form, keeps what was typed, gives no success toast and lists nothing under Changes not sent', async () => {
    const { drawer, entry } = await addDuplicate();
    expect(within(drawer).getByRole('status').textContent).toBe('Saving…');
    // The drain's answer: refused.
    await db.outbox.update(entry.id, { state: 'failed', errors: [fieldErrors.usernameTaken] });

    const alert = await within(drawer).findByRole('alert', { name: 'Not saved' });
    expect(alert.textContent).toBe(fieldErrors.usernameTaken);
    expect((within(drawer).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@acme.test');
    expect(within(drawer).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(messages.userSaved)).toBeNull();
    // Taken back: nothing is left to send or to list.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('says saved only once the server took it', async () => {
    const { drawer, entry } = await addDuplicate();
    expect(screen.queryByText(messages.userSaved)).toBeNull();
    await db.outbox.delete(entry.id);
    expect(await screen.findByText(messages.userSaved)).toBeTruthy();
    expect(within(drawer).queryByRole('alert', { name: 'Not saved' })).toBeNull();
  });

  it("lists a refusal that comes after the form was closed, named for people: 'Add user Dup Licate'", async () => {
    const { user, drawer, entry } = await addDuplicate();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await db.outbox.update(entry.id, { state: 'failed', errors: [fieldErrors.usernameTaken] });
    await user.click(await screen.findByRole('button', { name: 'Changes not sent (1)' }));
    const panel = await screen.findByRole('dialog', { name: 'Changes not sent' });
    expect(within(panel).getByText('Add user Dup Licate')).toBeTruthy();
    expect(within(panel).getByText(fieldErrors.usernameTaken)).toBeTruthy();
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

describe('Templates tab of a supplier account', () => {
  const TEMPLATES_URL = '/api/org/SUPACME00001/extraction-template';
  const shipped = {
    id: null as number | null,
    name: 'Acme Scientific tax invoice',
    supplierKey: 'SUPACME00001',
    template: JSON.stringify({ keywords: ['^Acme$'], fields: { documentId: 'No (\\S+)', dateCreated: 'Date (\\S+)', totalValue: 'Total (\\S+)' } }, null, 2),
    shipped: true,
    updatedAt: null as string | null,
  };

  async function openTemplates(routes: Parameters<typeof fakeApi>[0]) {
    engine();
    const api = fakeApi({ ...signedIn(supportPolicy, 'Portal Support'), [`GET ${TEMPLATES_URL}`]: { status: 200, body: [shipped] }, ...routes });
    renderApp('/app/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, FIRST_SHOW);
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: /^Edit Acme Scientific/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Add/Edit Account' });
    await user.click(await within(drawer).findByRole('tab', { name: 'Templates' }));
    return { api, user, drawer };
  }

  async function typeTemplate(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement, text: string) {
    const area = within(drawer).getByLabelText('Template (JSON)');
    await user.clear(area);
    await user.click(area);
    await user.paste(text);
  }

  it('lists the shipped template; a pattern RE2 refuses is shown under the form and nothing is sent', async () => {
    const { api, user, drawer } = await openTemplates({});
    const list = await within(drawer).findByRole('list', { name: 'Extraction templates list' });
    expect(await within(list).findByText('Acme Scientific tax invoice')).toBeTruthy();
    expect(within(list).getByText('Shipped with the product')).toBeTruthy();
    // A shipped template cannot be deleted, only replaced.
    expect(within(list).queryByRole('button', { name: 'Delete Acme Scientific tax invoice' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Edit Acme Scientific tax invoice' }));
    expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Scientific tax invoice');
    await typeTemplate(user, drawer, JSON.stringify({ keywords: ['(a)\\1'], fields: { documentId: 'No (\\S+)', dateCreated: 'Date (\\S+)', totalValue: 'Total (\\S+)' } }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const errors = await within(drawer).findByRole('alert', { name: 'Extraction template not saved' });
    expect(errors.textContent).toMatch(/^Template keywords\[0\] is not a usable pattern: /);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("saves a shipped template under its name as the supplier's own, and shows the server's refusal of another", async () => {
    const saved = { ...shipped, id: 7, shipped: false, updatedAt: '2026-03-02T10:00:00.000Z' };
    let listed: Array<typeof shipped | typeof saved> = [shipped];
    const { api, user, drawer } = await openTemplates({
      [`GET ${TEMPLATES_URL}`]: () => ({ status: 200, body: listed }),
      [`POST ${TEMPLATES_URL}`]: (request) => {
        if ((request.body as { name: string }).name === 'Taken') return { status: 409, body: { errors: [fieldErrors.templateNameTaken('Taken')] } };
        listed = [saved];
        return { status: 201, body: saved };
      },
    });
    const list = await within(drawer).findByRole('list', { name: 'Extraction templates list' });
    await user.click(await within(list).findByRole('button', { name: 'Edit Acme Scientific tax invoice' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.templateSaved)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Acme Scientific tax invoice', template: shipped.template });
    expect(await within(list).findByRole('button', { name: 'Delete Acme Scientific tax invoice' })).toBeTruthy();

    await user.type(within(drawer).getByLabelText('Name'), 'Taken');
    await typeTemplate(user, drawer, shipped.template);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const errors = await within(drawer).findByRole('alert', { name: 'Extraction template not saved' });
    expect(errors.textContent).toBe(fieldErrors.templateNameTaken('Taken'));
  });

  it('cannot save while offline', async () => {
    const { user, drawer } = await openTemplates({});
    await within(drawer).findByText('Acme Scientific tax invoice');
    goOffline();
    expect(await within(drawer).findByText(messages.templatesNeedConnection)).toBeTruthy();
    await user.type(within(drawer).getByLabelText('Name'), 'New layout');
    expect(within(drawer).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });
});
