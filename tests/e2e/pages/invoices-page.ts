import type { Locator, Page } from 'playwright-core';
import { messages } from '../../../src/domain/messages';
import type { PrefetchOutcome } from '../../../src/local/offline-files/prefetch-invoice-pdfs';
import { UI_WAIT_MS, waitUntil } from './login-page';

declare global {
  interface Window {
    __prefetch?: PrefetchOutcome[];
  }
}

/** From the next navigation on, keeps every PDF prefetch outcome the app announces (OFFLINE_FILES_CHANGED). */
export async function recordPrefetch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__prefetch = [];
    window.addEventListener('portal-offline-files-changed', (event) => window.__prefetch!.push((event as CustomEvent<PrefetchOutcome>).detail));
  });
}

/** The first prefetch run's outcome on the current page, once it has ended. */
export async function prefetchOutcome(page: Page, timeoutMs = UI_WAIT_MS): Promise<PrefetchOutcome> {
  await page.waitForFunction(() => (window.__prefetch?.length ?? 0) > 0, undefined, { timeout: timeoutMs });
  return page.evaluate(() => window.__prefetch![0]!);
}

/** Whether the service worker's documents cache holds `url`. */
export async function isCachedOffline(page: Page, url: string): Promise<boolean> {
  return page.evaluate(async (u) => (await caches.open('portal-user-documents').then((c) => c.match(u))) !== undefined, url);
}

/** The invoice list: status filters, the table and its rows, the validation errors panel. */
export class InvoicesPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly errorsPanel: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Invoices' });
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('cell') });
    this.errorsPanel = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/invoices');
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await this.rows.first().waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Waits until the list shows at least `count` rows: the first page may come into the local mirror a few rows at a time. */
  async waitForRowCount(count: number): Promise<void> {
    let seen = 0;
    await waitUntil(
      async () => (seen = await this.rows.count()) >= count,
      () => `the invoice list shows ${seen} rows, not ${count}`,
    );
  }

  filter(name: 'All' | 'Pending' | 'Emailed' | 'Exported'): Locator {
    return this.page.getByRole('group', { name: 'Invoice status' }).getByRole('button', { name, exact: true });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text }).first();
  }

  /** The validation-error icon of the row showing `text`. */
  errorIcon(text: string): Locator {
    return this.row(text).getByRole('button', { name: /^Validation errors of / });
  }
}

/** One invoice: the two panes, the PDF viewer's controls, the bottom bar and its drawers. */
export class InvoicePage {
  readonly noData: Locator;
  readonly invoiceHeading: Locator;
  readonly pdfPage: Locator;
  readonly pageCount: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly zoom: Locator;
  readonly download: Locator;
  readonly lines: Locator;
  readonly validationButton: Locator;
  readonly extractionButton: Locator;
  readonly exportButton: Locator;
  readonly historyButton: Locator;
  readonly emailButton: Locator;
  readonly listButton: Locator;
  readonly drawer: Locator;
  /** The confirmation an export of an invoice with validation errors asks for. */
  readonly confirmDialog: Locator;
  /** The matching outcome beside Invoice Status. */
  readonly matchingOutcome: Locator;
  readonly emailFrame: Locator;

  constructor(readonly page: Page) {
    this.noData = page.getByRole('alert').filter({ hasText: messages.noData });
    this.invoiceHeading = page.getByRole('heading', { level: 1 });
    this.pdfPage = page.getByTestId('pdf-page');
    const pdfBar = page.getByRole('toolbar', { name: 'PDF' });
    this.pageCount = pdfBar.getByText(/^Page \d+ of \d+$/);
    this.nextPage = pdfBar.getByRole('button', { name: 'Next page' });
    this.previousPage = pdfBar.getByRole('button', { name: 'Previous page' });
    this.zoomIn = pdfBar.getByRole('button', { name: 'Zoom in' });
    this.zoomOut = pdfBar.getByRole('button', { name: 'Zoom out' });
    this.zoom = pdfBar.getByLabel('Zoom', { exact: true });
    this.download = pdfBar.getByRole('link', { name: 'Download' });
    this.lines = page.getByRole('table', { name: 'Invoice lines' }).getByRole('row').filter({ has: page.getByRole('cell') });
    this.validationButton = page.getByRole('button', { name: messages.validationErrorsDetected });
    this.extractionButton = page.getByRole('button', { name: messages.extractionError });
    const bar = page.getByRole('toolbar', { name: 'Invoice actions' });
    this.exportButton = bar.getByRole('button', { name: /^Export/ });
    this.historyButton = bar.getByRole('button', { name: 'History' });
    this.emailButton = bar.getByRole('button', { name: 'Show Original Email' });
    this.listButton = bar.getByRole('button', { name: 'Show List' });
    this.drawer = page.getByRole('dialog');
    this.emailFrame = page.getByTitle('Email body');
    this.confirmDialog = page.getByRole('alertdialog');
    this.matchingOutcome = page.getByLabel('Invoice', { exact: true }).locator('dt:text-is("Matching") + dd');
  }

  /** Export, confirming the invoice's exceptions when the screen asks (an invoice with validation errors). */
  async exportConfirmingExceptions(): Promise<void> {
    await this.exportButton.click();
    await this.confirmDialog.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    await this.confirmDialog.getByRole('button', { name: 'Export' }).click();
  }

  async goto(buyerId: string, invoiceId: string | number): Promise<void> {
    await this.page.goto(`/app/invoices/${buyerId}/${invoiceId}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Invoice actions' }).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** Waits until page `n` of the PDF is drawn at `zoom` (text layer included). */
  async waitForPdfDrawn(n = 1, zoom = 1): Promise<void> {
    await this.page.locator(`[data-testid="pdf-page"][data-drawn="${n}@${zoom}"]`).waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  /** The selectable text of the drawn page (pdf.js's text layer). */
  async pdfText(): Promise<string> {
    return (await this.pdfPage.locator('.textLayer').textContent()) ?? '';
  }

  async openDrawer(button: Locator, title: string): Promise<Locator> {
    await button.click();
    const drawer = this.page.getByRole('dialog', { name: title });
    await drawer.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    return drawer;
  }

  async closeDrawer(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.drawer.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  }
}
