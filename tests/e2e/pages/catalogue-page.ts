import type { Locator, Page } from 'playwright-core';
import { formatMessage } from '../../../src/domain/messages';
import { UI_WAIT_MS, waitUntil } from './login-page';

/** /app/catalogue in every role: supplier picker, toolset, jobs, the product table and the product drawer. */
export class CataloguePage {
  readonly table: Locator;
  readonly search: Locator;
  readonly supplierSearch: Locator;
  readonly suppliers: Locator;
  readonly toolbar: Locator;
  readonly generate: Locator;
  readonly download: Locator;
  readonly requestModification: Locator;
  readonly exportButton: Locator;
  readonly uploadPriceFile: Locator;
  readonly jobs: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Products' });
    this.search = page.getByLabel('Search by code or description');
    this.supplierSearch = page.getByLabel('Supplier', { exact: true });
    this.suppliers = page.getByRole('list', { name: 'Suppliers' });
    this.toolbar = page.getByRole('toolbar', { name: 'Catalogue tools' });
    this.generate = this.toolbar.getByRole('button', { name: 'Generate Template File' });
    this.download = this.toolbar.getByRole('button', { name: 'Download Template File' });
    this.requestModification = this.toolbar.getByRole('button', { name: 'Request Modification' });
    this.exportButton = this.toolbar.getByRole('button', { name: 'Export Catalogue' });
    this.uploadPriceFile = page.getByRole('button', { name: 'Upload Price File' });
    this.jobs = page.getByRole('list', { name: 'Jobs' });
    this.drawer = page.getByRole('dialog', { name: /^Product Code: / });
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/catalogue');
  }

  async pickSupplier(name: string): Promise<void> {
    await this.supplierSearch.fill(name);
    await this.suppliers.getByRole('button', { name, exact: true }).click();
    await this.page.getByRole('heading', { name: formatMessage.catalogueTitle(name) }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Back to the buyer's supplier picker. */
  async changeSupplier(): Promise<void> {
    await this.page.getByRole('button', { name: 'Change supplier' }).click();
    await this.supplierSearch.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  row(code: string): Locator {
    return this.table.getByRole('row').filter({ hasText: code });
  }

  includedBox(code: string): Locator {
    return this.table.getByRole('checkbox', { name: `Included ${code}` });
  }

  /** Clicks the row's Included checkbox and waits until the row shows the change (the store's write, not the server's). */
  async setIncluded(code: string, included: boolean): Promise<void> {
    const box = this.includedBox(code);
    await box.click();
    await waitUntil(async () => (await box.isChecked()) === included, `the row of ${code} shows Included ${included}`, 15_000);
  }

  async waitForRows(): Promise<void> {
    await this.table.getByRole('row').nth(1).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** The state line of a job ('Template file: done'). */
  job(label: string): Locator {
    return this.jobs.getByRole('listitem', { name: label });
  }

  /** Waits until the job has ended and checks it ended as expected (a failure says the job's errors). */
  async waitForJob(label: string, state: 'done' | 'failed'): Promise<Locator> {
    const item = this.job(label);
    await item
      .getByText(new RegExp(`^${label}: (done|failed)`))
      .waitFor({ state: 'visible', timeout: UI_WAIT_MS })
      .catch(async (error: unknown) => {
        const shown = (await this.jobs.count()) > 0 ? await this.jobs.textContent() : 'no jobs listed';
        throw new Error(`${label} did not end: ${shown}`, { cause: error });
      });
    const text = (await item.textContent()) ?? '';
    if (!text.startsWith(`${label}: ${state}`)) throw new Error(`${label} ended otherwise than ${state}: ${text}`);
    return item;
  }

  /** Waits until the whole catalogue of the supplier is on this device. */
  async waitForMirror(): Promise<void> {
    await this.page.getByText(/^[\d,]+ products on this device$/).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Picks a file in the open upload area. */
  async upload(fileLabel: RegExp, name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.page.getByLabel(fileLabel).setInputFiles({ name, mimeType, buffer });
  }

  async openProduct(code: string): Promise<void> {
    await this.search.fill(code);
    await this.row(code).first().click();
    await this.drawer.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  tab(name: string | RegExp): Locator {
    return this.drawer.getByRole('tab', { name });
  }
}
