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

  /** Every shipment card listed. */
  get shipmentCards(): Locator {
    return this.page.getByRole('button', { name: /^Shipment / });
  }

  /** Products (catalogue chunks and single rows) this device holds, in every database of the origin. */
  heldCatalogueRows(): Promise<number> {
    return this.page.evaluate(async () => {
      let count = 0;
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const open = indexedDB.open(info.name);
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error(`${info.name} does not open`));
        });
        for (const store of ['productChunks', 'products'].filter((s) => db.objectStoreNames.contains(s))) {
          const request = db.transaction(store).objectStore(store).count();
          count += await new Promise<number>((resolve) => (request.onsuccess = () => resolve(request.result)));
        }
        db.close();
      }
      return count;
    });
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
