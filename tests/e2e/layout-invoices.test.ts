import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOSTILE_EMAIL_SUBJECT } from '../../server/db/demo/seed-invoices';
import type { InvoiceItem } from '../../src/domain/schemas/invoices';
import { InvoicePage, InvoicesPage } from './pages/invoices-page';
import { checkLayout } from './support/layout-check';
import { MIN_ROWS_IN_VIEW } from './support/table-check';
import { columnsAt } from './support/table-columns';
import { SCREENS, TABLET_LANDSCAPE, setUpJourneys } from './support/journeys';

const BUYER = 'UNIWESTMERE1';
const journeys = setUpJourneys();

const invoicesOf = async (page: Page) => (await (await page.request.get(`/api/buyer/${BUYER}/invoice?limit=100`)).json()) as InvoiceItem[];

describe('the invoice screens fit desktop and tablet screens', () => {
  for (const screen of SCREENS) {
    it(`list, an invoice with its PDF and drawers, and one without a document at ${screen.name}`, async () => {
      const page = await journeys.signedIn('buyer@uni.demo.test', '/app/invoices', screen);
      const list = new InvoicesPage(page);
      await list.waitForRows();
      // The rows-in-view rule counts the rows the list holds: measured on one row, it would pass whatever the layout.
      if (screen === TABLET_LANDSCAPE) await list.waitForRowCount(MIN_ROWS_IN_VIEW);
      await checkLayout(page, `invoice list, ${screen.name}`, undefined, {
        headers: columnsAt(screen.viewport.width, 'invoices'),
        list: screen === TABLET_LANDSCAPE ? 'Invoices' : undefined,
      });

      const invoices = await invoicesOf(page);
      const withPdf = invoices.find((i) => i.message.subject === HOSTILE_EMAIL_SUBJECT) ?? invoices.find((i) => i.document && i.message.pdfUrl)!;
      const view = new InvoicePage(page);
      await view.goto(BUYER, withPdf.oiid);
      const portrait = screen.viewport.width < 900;
      if (portrait) {
        // Two tabs on a portrait tablet: the invoice first, then its PDF.
        expect(await page.getByRole('tab').allTextContents()).toEqual(['Invoice', 'PDF']);
        await checkLayout(page, `invoice data tab, ${screen.name}`);
        await page.getByRole('tab', { name: 'PDF' }).click();
      }
      await view.waitForPdfDrawn();
      await checkLayout(page, `invoice with PDF, ${screen.name}`);
      await view.openDrawer(view.historyButton, 'Invoice History');
      await checkLayout(page, `invoice history drawer, ${screen.name}`);
      await view.closeDrawer();
      await view.openDrawer(view.listButton, 'Invoices');
      await checkLayout(page, `invoice list drawer, ${screen.name}`);
      await view.closeDrawer();

      const bare = invoices.find((i) => i.document === null)!;
      await view.goto(BUYER, bare.oiid);
      if (portrait) await page.getByRole('tab', { name: bare.message.pdfUrl ? 'PDF' : 'Email' }).click();
      await checkLayout(page, `invoice without a document, ${screen.name}`);
      // Each check runs axe twice (light and dark): slow on a small shared machine.
    }, 300_000);
  }
});
