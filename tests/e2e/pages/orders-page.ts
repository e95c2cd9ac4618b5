import type { Locator, Page } from 'playwright-core';
import { UI_WAIT_MS } from './login-page';

/** The order list: the PO# filter, the virtualised table and its column headers. */
export class OrdersListPage {
  readonly table: Locator;
  readonly columnHeaders: Locator;
  readonly rowLinks: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Orders' });
    this.columnHeaders = this.table.getByRole('columnheader');
    this.rowLinks = this.table.getByRole('row').getByRole('link');
    this.filter = page.getByLabel('PO#');
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/orders');
  }

  async waitForRows(): Promise<void> {
    await this.rowLinks.first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** The link of the first listed order whose State cell reads `state` ('New': nothing shipped yet). */
  rowLinkWithState(state: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: state, exact: true }) })
      .first()
      .getByRole('link');
  }
}

/** One order, its toolbar and the ASN drawer with the ASN form. */
export class OrderPage {
  readonly heading: Locator;
  readonly asnButton: Locator;
  readonly addAsnButton: Locator;
  readonly asnForm: Locator;
  readonly carrierName: Locator;
  readonly shippedDate: Locator;
  readonly submitButton: Locator;
  readonly confirmDialog: Locator;
  readonly status: Locator;
  readonly asnTable: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /^Order / });
    this.asnButton = page.getByRole('button', { name: 'ASNs', exact: true });
    this.addAsnButton = page.getByRole('button', { name: 'Add ASN' });
    this.asnForm = page.getByRole('form', { name: 'Advance ship notice' });
    this.carrierName = this.asnForm.getByLabel('Carrier Name');
    this.shippedDate = this.asnForm.getByLabel('Shipped Date');
    this.submitButton = this.asnForm.getByRole('button', { name: 'Submit' });
    this.confirmDialog = page.getByRole('alertdialog');
    this.status = this.asnForm.getByText(/^Status: /);
    this.asnTable = page.getByRole('table', { name: 'ASNs' });
  }

  async goto(orgId: string, orderId: string): Promise<void> {
    await this.page.goto(`/app/orders/${orgId}/order/${orderId}`);
    await this.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async openAsns(): Promise<void> {
    await this.asnButton.click();
    await this.page.getByRole('dialog', { name: 'Advance Ship Notices' }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** The edit button of the one draft of this order (its name says the draft's state). */
  draftButton(state: RegExp = /draft|failed with errors|waiting to be sent/): Locator {
    return this.asnTable.getByRole('button', { name: new RegExp(`^(Edit|View) ASN (${state.source})`, 'i') });
  }

  quantity(line: number): Locator {
    return this.asnForm.getByLabel(`Quantity of line ${line}`);
  }

  async submitConfirmed(): Promise<string> {
    await this.submitButton.click();
    await this.confirmDialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    const text = (await this.confirmDialog.textContent()) ?? '';
    await this.confirmDialog.getByRole('button', { name: 'Submit' }).click();
    return text;
  }
}
