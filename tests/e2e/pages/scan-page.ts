import type { Locator, Page } from 'playwright-core';
import { scanMessages } from '../../../src/domain/scan-messages';

/** The full-screen scan view over the ASN form. */
export class ScanPage {
  readonly dialog: Locator;
  readonly status: Locator;
  readonly lines: Locator;
  readonly wedge: Locator;
  readonly doneButton: Locator;
  readonly cancelButton: Locator;
  readonly cameraNote: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: scanMessages.title });
    this.status = this.dialog.getByRole('status');
    this.lines = this.dialog.getByRole('list', { name: 'Packed lines' });
    this.wedge = this.dialog.getByLabel(scanMessages.wedgeLabel);
    this.doneButton = this.dialog.getByRole('button', { name: scanMessages.done });
    this.cancelButton = this.dialog.getByRole('button', { name: scanMessages.cancelScan });
    this.cameraNote = this.dialog.getByText(scanMessages.pointCamera);
  }

  /** The packed / left figures of one line, as the view shows them ("2.00 / 5.00 EA"). */
  async packedOf(line: number): Promise<string> {
    const row = this.lines.getByRole('listitem').filter({ has: this.page.getByText(String(line), { exact: true }) });
    return ((await row.first().locator('strong').textContent()) ?? '').trim();
  }

  /** A hardware scanner: types the code into the focused field and ends it with Enter. */
  async wedgeScan(code: string): Promise<void> {
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
  }
}
