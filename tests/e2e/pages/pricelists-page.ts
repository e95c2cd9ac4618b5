import type { Locator, Page } from 'playwright-core';

/** The pricelists split view: the list, the selected pricelist's form, its upload area, prices and mapping drawer. */
export class PricelistsPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly list: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly requestUpload: Locator;
  readonly mapUniversities: Locator;
  readonly priceFile: Locator;
  readonly uploadOutcome: Locator;
  readonly uploadRefusal: Locator;
  readonly prices: Locator;
  readonly drawer: Locator;
  /** "Mapping waiting to be sent" while a Map Universities change is queued. */
  readonly mappingWaiting: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Pricelists', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add pricelist' });
    this.list = page.getByRole('table', { name: 'Pricelists' });
    this.form = page.getByRole('region', { name: 'Pricelist form' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.requestUpload = this.form.getByRole('button', { name: 'Request Upload' });
    this.mapUniversities = this.form.getByRole('button', { name: 'Map Universities' });
    this.priceFile = this.form.getByLabel('Choose or drop the price file');
    this.uploadOutcome = this.form.getByRole('group', { name: 'Price file' }).getByRole('status');
    this.uploadRefusal = this.form.getByRole('group', { name: 'Price file' }).getByRole('alert');
    this.prices = this.form.getByRole('table', { name: 'Prices' });
    this.drawer = page.getByRole('dialog', { name: 'Map Universities' });
    this.mappingWaiting = this.form.getByRole('status').filter({ hasText: 'Mapping waiting to be sent' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/pricelists');
    await this.heading.waitFor({ state: 'visible' });
  }

  row(name: string): Locator {
    return this.list.getByRole('row').filter({ hasText: name });
  }

  async add(name: string): Promise<void> {
    await this.addButton.click();
    await this.name.fill(name);
    await this.form.getByRole('button', { name: 'Add', exact: true }).click();
  }

  async rename(name: string): Promise<void> {
    await this.name.fill(name);
    await this.form.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async uploadPrices(csv: string): Promise<void> {
    if (!(await this.priceFile.isVisible())) await this.requestUpload.click();
    await this.priceFile.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  async mapTo(universities: readonly string[]): Promise<void> {
    await this.mapUniversities.click();
    for (const name of universities) await this.drawer.getByRole('checkbox', { name, exact: true }).check();
    await this.drawer.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Opens the drawer, sets each named university's box as given, and saves. */
  async setMapping(universities: Record<string, boolean>): Promise<void> {
    await this.mapUniversities.click();
    for (const [name, on] of Object.entries(universities)) await this.drawer.getByRole('checkbox', { name, exact: true }).setChecked(on);
    await this.drawer.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Which of the named universities the drawer shows ticked (it is opened and closed again). */
  async mapped(names: readonly string[]): Promise<string[]> {
    await this.mapUniversities.click();
    const ticked: string[] = [];
    for (const name of names) {
      const box = this.drawer.getByRole('checkbox', { name, exact: true });
      await box.waitFor({ state: 'visible' });
      if (await box.isChecked()) ticked.push(name);
    }
    await this.drawer.getByRole('button', { name: 'Cancel' }).click();
    return ticked;
  }

  /** The names of the universities the drawer offers, in order. */
  async universityNames(): Promise<string[]> {
    await this.mapUniversities.click();
    const boxes = this.drawer.getByRole('checkbox');
    await boxes.first().waitFor({ state: 'visible' });
    const names = await this.drawer.getByRole('listitem').allTextContents();
    await this.drawer.getByRole('button', { name: 'Cancel' }).click();
    return names;
  }
}
