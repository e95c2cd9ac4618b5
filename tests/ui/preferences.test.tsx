import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_NAMES, STORAGE_KEYS } from '../../src/domain/constants';
import { matchingMessages } from '../../src/domain/matching-messages';
import { fieldErrors, formatMessage, messages } from '../../src/domain/messages';
import type { LocalDatabase } from '../../src/local/db/local-database';
import { asSyncDb } from '../../src/local/db/local-database';
import { markFailed } from '../../src/sync/settle';
import './support/setup';
import { fakeApi } from './support/fake-api';
import { buyerPolicy, signedIn, supplierPolicy, supportPolicy } from './support/fixtures';
import { closeTestStore, fakeEngine, giveElementsASize, openTestStore } from './support/orders-store';
import { renderApp } from './support/render-app';

let db: LocalDatabase;

function preferenceEngine() {
  return fakeEngine({
    categoryTree: vi.fn(async () => undefined),
    counterparts: vi.fn(async () => 0),
  });
}

const onlyEntry = async () => {
  const entries = await db.outbox.toArray();
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

beforeEach(() => {
  db = openTestStore();
  giveElementsASize();
});
afterEach(async () => {
  await closeTestStore(db);
});

describe('preferences of a supplier', () => {
  // The file's first render loads the preferences screen's modules: on a busy machine that
  // took more than 5 s twice, beside the end-to-end journeys.
  it('shows the ASN recipients and the other-account properties only', { timeout: 30_000 }, async () => {
    fakeApi(signedIn(supplierPolicy));
    preferenceEngine();
    renderApp('/app/preferences');
    const tabs = within(await screen.findByRole('tablist', { name: 'Preferences' }, { timeout: 25_000 })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['ASN Recipients', 'Account Properties']);
  });

  it('refuses an invalid list at the field, queues a valid one, and shows the server refusal at the field', async () => {
    fakeApi(signedIn(supplierPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    const field = await screen.findByRole('textbox', { name: 'List of ASN Recipients' });
    await user.type(field, 'orders@acme.test dock@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(fieldErrors.invalidEmailList('ASN Recipients'))).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    await user.clear(field);
    await user.type(field, 'orders@acme.test, dock@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting to be sent')).toBeTruthy();
    const entry = await onlyEntry();
    expect(entry.kind).toBe('property.add');
    expect(entry.body).toEqual({ property: PROPERTY_NAMES.asnContactEmailList, value: 'orders@acme.test, dock@acme.test' });

    await markFailed(asSyncDb(db), entry.id, ['Property ASN_CONTACT_EMAIL_LIST cannot be changed by this organisation']);
    const error = await screen.findByText('Property ASN_CONTACT_EMAIL_LIST cannot be changed by this organisation');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(screen.queryByText('Waiting to be sent')).toBeNull());
    // Refused while the form is open: the typed list stays to be corrected, no toast, nothing left to list.
    expect((field as HTMLInputElement).value).toBe('orders@acme.test, dock@acme.test');
    expect(screen.queryByText(messages.propertySaved)).toBeNull();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
  });

  it('says there is a conflict when the property is held twice', async () => {
    fakeApi(signedIn(supplierPolicy));
    preferenceEngine();
    const row = { scope: 'org:seller-1', rev: 1, property: PROPERTY_NAMES.asnContactEmailList, orgNo: 1 };
    await db.properties.bulkPut([
      { ...row, key: '1', orgPropertyNo: 1, value: 'a@acme.test' },
      { ...row, key: '2', orgPropertyNo: 2, value: 'b@acme.test' },
    ]);
    renderApp('/app/preferences');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(messages.propertyConflict);
    expect(screen.queryByRole('textbox', { name: 'List of ASN Recipients' })).toBeNull();
  });
});

describe('preferences of a buyer', () => {
  it('shows the categories, tax codes, Account No and other-account panels', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    renderApp('/app/preferences');
    const tabs = within(await screen.findByRole('tablist', { name: 'Preferences' }, { timeout: 5000 })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Categories', 'Tax Codes', 'Invoice Matching', 'Account No', 'Account Properties']);
  });

  it('browses the category tree with the keyboard', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const leaf = (code: string) => ({ code, description: `Leaf ${code}`, children: [] });
    await db.categoryTrees.put({
      scope: 'buyer:buyer-1',
      key: 'buyer-1',
      rev: 1,
      buyerId: 'buyer-1',
      tree: [
        { code: '10', description: 'Chemicals', children: [leaf('10-1'), leaf('10-2')] },
        { code: '20', description: 'Glassware', children: [] },
      ],
    });
    const user = userEvent.setup();
    renderApp('/app/preferences');
    const tree = await screen.findByRole('tree', { name: 'Available categories' }, { timeout: 5000 });
    // The chevron is decoration (aria-hidden); the names are the nodes' code and description.
    const text = (item: Element) => item.textContent!.replace(/^[▸▾]/, '');
    expect(within(tree).getAllByRole('treeitem').map(text)).toEqual(['10 Chemicals', '20 Glassware']);
    tree.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(4);
    expect(within(tree).getByRole('treeitem', { name: /Chemicals/ }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    const active = tree.getAttribute('aria-activedescendant')!;
    expect(text(document.getElementById(active)!)).toBe('10-1 Leaf 10-1');
    expect(document.getElementById(active)!.getAttribute('aria-level')).toBe('2');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(2);
  });

  it('needs both tax codes, and confirms once the server took them', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Tax Codes' }));
    await user.type(screen.getByRole('textbox', { name: 'Taxable Code' }), 'GST');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(fieldErrors.required('Non Taxable Code'))).toBeTruthy();
    expect(screen.queryByText(fieldErrors.required('Taxable Code'))).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Non Taxable Code' }), 'FRE');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ kind: 'buyer.taxCodes', method: 'POST', body: { taxCodeMapping: { taxableCode: 'GST', nonTaxableCode: 'FRE' } } });
    expect(await screen.findByText('Waiting to be sent')).toBeTruthy();
    // The server took it: the drain removes the entry.
    await db.outbox.delete(entry.id);
    expect(await screen.findByText(messages.taxCodesUpdated, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Waiting to be sent')).toBeNull());
  });
});

describe('Invoice Matching', () => {
  it('starts from the defaults, checks the tolerances at their fields, and saves through the outbox', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Invoice Matching' }));
    expect((screen.getByRole('combobox', { name: 'Matching' }) as HTMLSelectElement).value).toBe('3-way');
    const price = screen.getByRole('textbox', { name: 'Price tolerance (%)' }) as HTMLInputElement;
    expect(price.value).toBe('0');
    expect((screen.getByRole('textbox', { name: 'Quantity tolerance (units)' }) as HTMLInputElement).value).toBe('1');
    expect((screen.getByRole('textbox', { name: 'Quantity tolerance (%)' }) as HTMLInputElement).value).toBe('5');
    expect((screen.getByRole('textbox', { name: 'Total tolerance (%)' }) as HTMLInputElement).value).toBe('5');

    await user.clear(price);
    await user.type(price, '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price tolerance (%) must be 0 or more')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    await user.clear(price);
    await user.type(price, '2.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Matching' }), '2-way');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const entry = await onlyEntry();
    expect(entry).toMatchObject({
      kind: 'buyer.invoiceMatching',
      method: 'POST',
      body: { mode: '2-way', pricePercent: 2.5, priceAmount: 0, quantityUnits: 1, quantityPercent: 5, totalPercent: 5 },
    });
  });
});

describe('other-account properties in conflict', () => {
  const scope = 'org:buyer-1';
  beforeEach(async () => {
    await db.accounts.bulkPut([
      { scope, key: 'SUP-A', rev: 0, uniqueKey: 'SUP-A', name: 'Acme Scientific', type: 1 },
      { scope, key: 'SUP-B', rev: 0, uniqueKey: 'SUP-B', name: 'Biolab', type: 1 },
    ]);
    // One mirrored row per account and name; `records` counts the server's records of it.
    await db.otherOrgProperties.bulkPut([
      { scope, key: `SUP-A/${PROPERTY_NAMES.supplierCode}`, rev: 3, otherOrgUniqueKey: 'SUP-A', property: PROPERTY_NAMES.supplierCode, value: 'V-1', records: 2 },
      { scope, key: `SUP-A/${PROPERTY_NAMES.supplierCodeAp}`, rev: 4, otherOrgUniqueKey: 'SUP-A', property: PROPERTY_NAMES.supplierCodeAp, value: 'AP-1', records: 1 },
      { scope, key: 'SUP-B/PREFERRED', rev: 5, otherOrgUniqueKey: 'SUP-B', property: 'PREFERRED', value: 'yes' },
    ]);
  });

  it('shows the conflict message instead of a value held twice, and no edit for it', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Account Properties' }));
    const table = await screen.findByRole('table', { name: 'Other account properties' });
    const rowOf = (text: string) => within(table).getByText(text).closest('tr')!;
    await within(table).findByText(PROPERTY_NAMES.supplierCode, {}, { timeout: 5000 });
    const doubled = rowOf(PROPERTY_NAMES.supplierCode);
    expect(within(doubled).getByText(messages.propertyConflict)).toBeTruthy();
    expect(doubled.textContent).not.toContain('V-1');
    expect(within(doubled).queryByRole('button')).toBeNull();
    expect(rowOf(PROPERTY_NAMES.supplierCodeAp).textContent).toContain('AP-1');
    expect(rowOf('PREFERRED').textContent).toContain('yes');
    expect(within(table).getAllByText(messages.propertyConflict)).toHaveLength(1);
  });

  it('shows the conflict message in place of the PO & ASN Account Code held twice', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Account No' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acme Scientific' })).toBeTruthy(), { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Supplier' }), 'SUP-A');
    const po = await screen.findByRole('group', { name: 'PO & ASN Account Code' });
    expect(within(po).getByRole('alert').textContent).toBe(messages.propertyConflict);
    expect(screen.queryByRole('textbox', { name: 'PO & ASN Account Code' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Invoice Account Code' }) as HTMLInputElement).value).toBe('AP-1');
  });
});

/** The drain's answer to the form's one change: refused with the server's errors (its optimistic change rolled back). */
async function refuseOnlyEntry(errors: string[]) {
  const entry = await onlyEntry();
  await markFailed(asSyncDb(db), entry.id, errors);
}

/** A refusal while the form is open: in the form, the typed values kept, no success toast, and nothing left for 'Changes not sent'. */
async function expectRefusedInForm(form: HTMLElement, error: string, kept: Record<string, string>, savedMessage: string) {
  expect(await within(form).findByText(error)).toBeTruthy();
  for (const [label, value] of Object.entries(kept)) expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe(value);
  expect(screen.queryByText(savedMessage)).toBeNull();
  // The error and the end of 'Waiting to be sent' may land in separate renders.
  await waitFor(() => expect(within(form).queryByText('Waiting to be sent')).toBeNull());
  await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  expect(screen.queryByRole('button', { name: /^Changes not sent/ })).toBeNull();
}

describe("the server's refusal of a preference, while its form is open", () => {
  const scope = 'org:buyer-1';
  beforeEach(async () => {
    await db.accounts.bulkPut([{ scope, key: 'SUP-A', rev: 0, uniqueKey: 'SUP-A', name: 'Acme Scientific', type: 1 }]);
  });

  it('Tax Codes', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Tax Codes' }));
    const form = screen.getByRole('form', { name: 'Tax Codes' });
    await user.type(within(form).getByLabelText('Taxable Code'), 'GST');
    await user.type(within(form).getByLabelText('Non Taxable Code'), 'FRE');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Waiting to be sent')).toBeTruthy();
    await refuseOnlyEntry(['Taxable Code is not a tax code of this organisation']);
    await expectRefusedInForm(form, 'Taxable Code is not a tax code of this organisation', { 'Taxable Code': 'GST', 'Non Taxable Code': 'FRE' }, messages.taxCodesUpdated);
    expect(within(form).getByLabelText('Taxable Code').getAttribute('aria-invalid')).toBe('true');
  });

  it('Invoice Matching', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Invoice Matching' }));
    const form = screen.getByRole('form', { name: 'Invoice Matching' });
    const price = within(form).getByLabelText('Price tolerance (%)');
    await user.clear(price);
    await user.type(price, '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await refuseOnlyEntry(['Matching settings are locked during an export']);
    await expectRefusedInForm(form, 'Matching settings are locked during an export', { 'Price tolerance (%)': '7' }, matchingMessages.settingsSaved);
  });

  it('Account No: a code', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Account No' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acme Scientific' })).toBeTruthy(), { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Supplier' }), 'SUP-A');
    const form = await screen.findByRole('form', { name: 'Invoice Account Code' });
    await user.type(within(form).getByLabelText('Invoice Account Code'), 'AP-9');
    await user.click(within(form).getByRole('button', { name: 'Save Invoice Account Code' }));
    await refuseOnlyEntry(['Invoice Account Code is too long']);
    await expectRefusedInForm(form, 'Invoice Account Code is too long', { 'Invoice Account Code': 'AP-9' }, formatMessage.accountCodeUpdated('Acme Scientific'));
  });

  it('Account Properties: Set a property', async () => {
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Account Properties' }));
    const form = await screen.findByRole('form', { name: 'Set a property' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Acme Scientific' })).toBeTruthy(), { timeout: 5000 });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Account' }), 'SUP-A');
    await user.type(within(form).getByLabelText('Property'), 'PREFERRED');
    await user.type(within(form).getByLabelText('Value'), 'yes');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await refuseOnlyEntry(['Property PREFERRED cannot be set for this account']);
    await expectRefusedInForm(form, 'Property PREFERRED cannot be set for this account', { Property: 'PREFERRED', Value: 'yes' }, messages.propertySaved);
  });

  it('a change made offline waits on this device, and goes to Changes not sent, named for people, when refused after its form is gone', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeApi(signedIn(buyerPolicy));
    preferenceEngine();
    const user = userEvent.setup();
    renderApp('/app/preferences');
    await user.click(await screen.findByRole('tab', { name: 'Tax Codes' }));
    const form = screen.getByRole('form', { name: 'Tax Codes' });
    await user.type(within(form).getByLabelText('Taxable Code'), 'GST');
    await user.type(within(form).getByLabelText('Non Taxable Code'), 'FRE');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Waiting to be sent')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Categories' }));
    await refuseOnlyEntry(['Taxable Code is not a tax code of this organisation']);
    vi.restoreAllMocks();
    await user.click(await screen.findByRole('button', { name: 'Changes not sent (1)' }));
    const panel = await screen.findByRole('dialog', { name: 'Changes not sent' });
    expect(within(panel).getByText('Tax codes')).toBeTruthy();
    expect(within(panel).getByText('Taxable Code is not a tax code of this organisation')).toBeTruthy();
  });
});

describe('preferences of support', () => {
  it('asks to assume a role first, then shows what the assumed organisation sees', async () => {
    fakeApi(signedIn(supportPolicy));
    preferenceEngine();
    const first = renderApp('/app/preferences');
    expect(await screen.findByText('Please, assume a role of either seller or buyer to see their preferences.')).toBeTruthy();
    first.unmount();
    localStorage.setItem(STORAGE_KEYS.renderFor, JSON.stringify({ orgType: 'UNIVERSITY', orgId: 'buyer-1', companyName: 'Westmere' }));
    renderApp('/app/preferences');
    const tabs = within(await screen.findByRole('tablist', { name: 'Preferences' }, { timeout: 5000 })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Categories', 'Tax Codes', 'Invoice Matching', 'Account No', 'Account Properties']);
  });
});
