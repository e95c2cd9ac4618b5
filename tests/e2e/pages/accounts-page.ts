import type { Locator, Page } from 'playwright-core';
import { messages } from '../../../src/domain/messages';
import { UI_WAIT_MS } from './login-page';

/** The accounts screen: the name filter, the table with its row actions, and the Add/Edit Account drawer. */
export class AccountsPage {
  readonly table: Locator;
  readonly nameFilter: Locator;
  readonly addButton: Locator;
  readonly drawer: AccountDrawer;
  readonly snackbar: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Accounts' });
    this.nameFilter = page.getByLabel('Name', { exact: true }).first();
    this.addButton = page.getByRole('button', { name: 'Add Account' });
    this.drawer = new AccountDrawer(page);
    this.snackbar = page.getByRole('status').filter({ hasNotText: /Online|Offline|Synced|Saved/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/accounts');
    await this.table.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  /**
   * The names the table shows, top to bottom, read in one go: row by row, a row gone
   * meanwhile (the list narrowing as a filter applies) left the read waiting for it.
   * The first cell's own text: it also holds the lines of the columns a narrow box stacks (a dl).
   */
  async names(): Promise<string[]> {
    return this.table.getByRole('row').evaluateAll((rows) =>
      rows.slice(1).map((row) =>
        [...(row.querySelector('[role="cell"]')?.childNodes ?? [])]
          .filter((node) => node.nodeName !== 'DL')
          .map((node) => node.textContent ?? '')
          .join('')
          .trim(),
      ),
    );
  }

  async filter(text: string): Promise<void> {
    await this.nameFilter.fill(text);
  }

  editButton(name: string): Locator {
    return this.table.getByRole('button', { name: new RegExp(`^Edit ${escape(name)}( \\(has an alert\\))?$`) });
  }

  assumeButton(name: string): Locator {
    return this.table.getByRole('button', { name: `Assume role of ${name}`, exact: true });
  }

  usersLink(name: string): Locator {
    return this.table.getByRole('link', { name: `Users of ${name}`, exact: true });
  }

  async edit(name: string): Promise<void> {
    await this.editButton(name).click();
    await this.drawer.root.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Waits for a snackbar (or any live status) with exactly this text. */
  async waitForMessage(text: string): Promise<void> {
    await this.page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'Add/Edit Account': its tabs, the Basic Info form, the property sections, EDI cards and UOM mapping. */
export class AccountDrawer {
  readonly root: Locator;
  readonly busy: Locator;
  /** Said instead of the overlay while changes are queued offline or wait for a retry. */
  readonly waiting: Locator;
  readonly basicForm: Locator;
  readonly save: Locator;
  readonly saveAndNew: Locator;
  readonly delete: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add/Edit Account' });
    this.busy = this.root.getByRole('status', { name: "Saving this account's changes" });
    this.waiting = this.root.getByRole('status').filter({ hasText: messages.accountChangesWaiting });
    this.basicForm = this.root.getByRole('form', { name: 'Basic Info' });
    this.save = this.basicForm.getByRole('button', { name: 'Save', exact: true });
    this.saveAndNew = this.basicForm.getByRole('button', { name: 'Save & New', exact: true });
    this.delete = this.basicForm.getByRole('button', { name: 'Delete', exact: true });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  tab(name: 'Basic Info' | 'Properties' | 'UOM Mapping'): Locator {
    return this.root.getByRole('tab', { name, exact: true });
  }

  field(label: string): Locator {
    return this.basicForm.getByLabel(label, { exact: true });
  }

  async fillBasic(values: Partial<Record<'Name' | 'Default Email Address' | 'State' | 'Suburb' | 'Postcode', string>>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** Until nothing of this account is being sent or waiting to be. */
  async waitUntilIdle(): Promise<void> {
    await this.busy.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await this.waiting.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  }

  /** The list of a form's own refused errors (those naming no field), e.g. 'Basic Properties not saved'. */
  refusal(name: string): Locator {
    return this.root.getByRole('alert', { name });
  }

  section(title: 'Basic Properties' | 'Receiving Email' | 'Sender Source'): PropertySection {
    return new PropertySection(this.page, this.root.getByRole('region', { name: title, exact: true }), title);
  }

  ediCard(title: 'Invoice' | 'Purchase Order' | 'ASN'): EdiCard {
    return new EdiCard(this.root.getByRole('form', { name: title, exact: true }));
  }

  /** The 'cXML inbound' card (identities and the write-only shared secret) and support's list of inbound requests. */
  get cxmlCard(): Locator {
    return this.root.getByRole('group', { name: 'cXML inbound', exact: true });
  }

  get cxmlLog(): Locator {
    return this.root.getByRole('region', { name: 'cXML inbound requests', exact: true });
  }

  uomField(unit: string): Locator {
    return this.root.getByLabel(`Code for ${unit}`, { exact: true });
  }

  get saveMapping(): Locator {
    return this.root.getByRole('button', { name: 'Save Mapping' });
  }

  /** Confirms the open delete dialog; answers the dialog's text. */
  async confirm(): Promise<string> {
    const text = ((await this.confirmDialog.textContent()) ?? '').trim();
    await this.confirmDialog.getByRole('button', { name: 'Delete' }).click();
    return text;
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await this.root.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  }
}

/** A section of the Properties tab: its form (Save, Cancel) and its rows with edit and delete icons. */
export class PropertySection {
  readonly form: Locator;
  readonly list: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    title: string,
  ) {
    this.form = root.getByRole('form', { name: `${title} form` });
    this.list = root.getByRole('list', { name: `${title} list` });
  }

  async add(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.form.getByLabel(label, { exact: true }).fill(value);
    await this.form.getByRole('button', { name: 'Save', exact: true }).click();
  }

  item(text: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: text });
  }

  async startDelete(name: string): Promise<void> {
    await this.root.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  }

  async startEdit(name: string): Promise<void> {
    await this.root.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get saveButton(): Locator {
    return this.form.getByRole('button', { name: 'Save', exact: true });
  }
}

/** One EDI export card (Invoice, Purchase Order, ASN). */
export class EdiCard {
  constructor(readonly root: Locator) {}

  field(label: 'Type' | 'Order Format' | 'Server' | 'Directory' | 'User' | 'Password' | 'Endpoint'): Locator {
    return this.root.getByLabel(label, { exact: true });
  }

  get save(): Locator {
    return this.root.getByRole('button', { name: 'Save', exact: true });
  }

  get clearPassword(): Locator {
    return this.root.getByRole('button', { name: 'Clear password' });
  }

  /** What the card says about the stored password. */
  async passwordState(): Promise<string> {
    // Read in one step in the page: saving re-renders the card with new ids, and an id
    // read first and looked up later can name an element that no longer exists.
    return this.field('Password').evaluate((input) => {
      const [id] = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return (id ? (input.ownerDocument.getElementById(id)?.textContent ?? '') : '').trim();
    });
  }
}

/** The User Community of one account and its Add/Edit User drawer. */
export class UserCommunityPage {
  readonly table: Locator;
  readonly addButton: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Users' });
    this.addButton = page.getByRole('button', { name: 'Add User' });
    this.drawer = page.getByRole('dialog', { name: 'Add/Edit User' });
  }

  async waitUntilShown(): Promise<void> {
    await this.table.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async addUser(user: { firstName: string; lastName: string; email: string }): Promise<void> {
    await this.addButton.click();
    await this.drawer.getByLabel('First Name', { exact: true }).fill(user.firstName);
    await this.drawer.getByLabel('Last Name', { exact: true }).fill(user.lastName);
    await this.drawer.getByLabel('Email', { exact: true }).fill(user.email);
    await this.drawer.getByRole('button', { name: 'Save', exact: true }).click();
  }
}
