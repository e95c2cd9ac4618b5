import type { Locator, Page } from 'playwright-core';
import { matchingMessages } from '../../../src/domain/matching-messages';
import { UI_WAIT_MS } from './login-page';

/** The 'Correct Fields' button of an invoice and its 'Correct Invoice' drawer. */
export class InvoiceCorrectionPage {
  readonly correctButton: Locator;
  readonly drawer: Locator;
  readonly poNumber: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.correctButton = page.getByRole('button', { name: 'Correct Fields' });
    this.drawer = page.getByRole('dialog', { name: 'Correct Invoice' });
    this.poNumber = this.drawer.getByLabel('PO Number', { exact: true });
    this.save = this.drawer.getByRole('button', { name: 'Save Corrections' });
  }

  async open(): Promise<void> {
    await this.correctButton.click();
    await this.drawer.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** A line's field, by the line's legend ('Line 2 - ...') and the field's label. */
  lineField(sequence: number, label: string): Locator {
    return this.drawer.getByRole('group', { name: new RegExp(`^Line ${sequence}\\b`) }).getByLabel(label, { exact: true });
  }

  /** The error shown under a field, tied to it by aria-describedby. */
  async errorOf(field: Locator): Promise<string | null> {
    const ids = (await field.getAttribute('aria-describedby')) ?? '';
    const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? this.page.locator(`[id="${errorId}"]`).textContent() : null;
  }

  async waitUntilCorrected(): Promise<void> {
    await this.page.getByText(matchingMessages.invoiceCorrected, { exact: true }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await this.drawer.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  }
}
