import type { Locator, Page } from 'playwright-core';
import { receivingMessages as m } from '../../../src/domain/receiving-messages';
import { UI_WAIT_MS } from './login-page';

/** The buyer's Receive screen: the scan field, the camera, the shipment cards and one shipment's receipt form. */
export class ReceivePage {
  readonly heading: Locator;
  readonly scanField: Locator;
  readonly cameraButton: Locator;
  readonly camera: Locator;
  readonly status: Locator;
  readonly form: Locator;
  readonly confirmButton: Locator;
  readonly receipt: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: m.title, exact: true, level: 1 });
    this.scanField = page.getByLabel(m.scanLabel);
    this.cameraButton = page.getByRole('button', { name: m.scanWithCamera });
    this.camera = page.getByRole('dialog', { name: m.scanWithCamera });
    this.status = page.getByRole('status').filter({ hasNotText: /^$/ }).first();
    this.form = page.getByRole('form', { name: /^Shipment / });
    this.confirmButton = this.form.getByRole('button', { name: new RegExp(`^(${m.confirm}|${m.confirmCorrection})$`) });
    this.receipt = this.form.getByRole('list', { name: m.receiptTitle });
  }

  shipmentCard(shipmentId: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Shipment ${shipmentId} `) });
  }

  received(line: number): Locator {
    return this.form.getByLabel(`Received of line ${line}`, { exact: true });
  }

  reason(line: number): Locator {
    return this.form.getByLabel(`Reason of line ${line}`, { exact: true });
  }

  async waitForForm(shipmentId: string): Promise<void> {
    await this.page.getByRole('heading', { name: `Shipment ${shipmentId}` }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }
}
