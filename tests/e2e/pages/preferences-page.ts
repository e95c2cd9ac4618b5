import type { Locator, Page } from 'playwright-core';

/** The preferences screen: one tab per panel the role holds. */
export class PreferencesPage {
  readonly heading: Locator;
  readonly tabs: Locator;
  readonly asnRecipients: Locator;
  readonly taxableCode: Locator;
  readonly nonTaxableCode: Locator;
  readonly tree: Locator;
  readonly treeFile: Locator;
  readonly uploadOutcome: Locator;
  readonly supplier: Locator;
  readonly catalogueAccountCode: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Preferences', level: 1 });
    this.tabs = page.getByRole('tablist', { name: 'Preferences' }).getByRole('tab');
    this.asnRecipients = page.getByRole('textbox', { name: 'List of ASN Recipients', exact: true });
    this.taxableCode = page.getByRole('textbox', { name: 'Taxable Code', exact: true });
    this.nonTaxableCode = page.getByRole('textbox', { name: 'Non Taxable Code', exact: true });
    this.tree = page.getByRole('tree', { name: 'Available categories' });
    this.treeFile = page.getByLabel('Choose or drop the category tree file');
    this.uploadOutcome = page.getByRole('group', { name: 'Category tree file' }).getByRole('status');
    this.supplier = page.getByLabel('Supplier', { exact: true });
    this.catalogueAccountCode = page.getByRole('textbox', { name: 'Catalogue Account Code', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/preferences');
    await this.heading.waitFor({ state: 'visible' });
  }

  async tabNames(): Promise<string[]> {
    await this.tabs.first().waitFor({ state: 'visible' });
    return this.tabs.allTextContents();
  }

  async open(tab: 'ASN Recipients' | 'Categories' | 'Tax Codes' | 'Account No' | 'Account Properties'): Promise<void> {
    await this.page.getByRole('tab', { name: tab }).click();
  }

  save(form: string, label = 'Save'): Promise<void> {
    return this.page.getByRole('form', { name: form }).getByRole('button', { name: label, exact: true }).click();
  }

  fieldError(field: Locator): Promise<string | null> {
    return field.evaluate((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
      return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
    });
  }

  async uploadTree(csv: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Request Upload' }).click();
    await this.treeFile.setInputFiles({ name: 'categories.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  treeItem(text: string): Locator {
    return this.tree.getByRole('treeitem').filter({ hasText: text });
  }

  status(form: string): Locator {
    return this.page.getByRole('form', { name: form }).getByRole('status');
  }
}
