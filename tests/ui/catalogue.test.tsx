import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { CatalogueToolset } from '../../src/features/catalogue/catalogue-toolset';
import { ProductDetails } from '../../src/features/catalogue/product-details';
import type { ProductWithMeta } from '../../src/local/hooks/use-products';
import { SnackbarProvider } from '../../src/ui/snackbar/SnackbarProvider';
import { buildTheme } from '../../src/ui/theme/theme';
import { TooltipProvider } from '../../src/ui/tooltip/Tooltip';
import { fakeApi } from './support/fake-api';
import './support/setup';

const wrap = (ui: ReactElement) =>
  render(
    <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
      <TooltipProvider>
        <SnackbarProvider>{ui}</SnackbarProvider>
      </TooltipProvider>
    </ThemeProvider>,
  );

function item(product: Record<string, unknown>, extra: Record<string, unknown> = {}, meta: Record<string, unknown> | null = null): ProductWithMeta {
  return {
    product: { scope: 'buyer:UNI', key: 'SUP/P1', rev: 1, sellerId: 'SUP', productCode: 'P1', barcodes: [], urls: [], assets: [], ...product, ...extra },
    meta: meta ? { scope: 'buyer:UNI', key: 'UNI:SUP:P1', rev: 1, excluded: false, contractPrices: [], ...meta } : null,
  };
}

const tabPanel = () => screen.getByRole('tabpanel');

describe('the product details', () => {
  it("says 'day' and 'year' for one, 'days' and 'years' otherwise", () => {
    const { unmount } = wrap(<ProductDetails item={item({ leadTime: 1, warrentyPeriod: 1 })} supplierName="Acme" onToggleIncluded={null} />);
    expect(within(tabPanel()).getByText('1 day')).toBeTruthy();
    expect(within(tabPanel()).getByText('1 year')).toBeTruthy();
    unmount();
    wrap(<ProductDetails item={item({ leadTime: 5, warrentyPeriod: 2 })} supplierName="Acme" onToggleIncluded={null} />);
    expect(within(tabPanel()).getByText('5 days')).toBeTruthy();
    expect(within(tabPanel()).getByText('2 years')).toBeTruthy();
  });

  it("marks every missing value with 'Information is not provided'", () => {
    wrap(<ProductDetails item={item({ leadTime: 3, flagCode: 'A' })} supplierName="Acme" onToggleIncluded={null} />);
    const summary = tabPanel();
    expect(within(summary).getByText('3 days')).toBeTruthy();
    expect(within(summary).getByText('Active')).toBeTruthy();
    // Of the supplier's 13 summary facts two are given; 'Last exported' is for buyers only.
    expect(within(summary).getAllByText(messages.informationNotProvided)).toHaveLength(11);
  });

  it('shows the error icon on Price(excl) only when there are discrepancies, and the table under it', async () => {
    const { unmount } = wrap(<ProductDetails item={item({}, { priceDiscrepancyTable: [] }, {})} supplierName="Acme" onToggleIncluded={() => undefined} />);
    expect(within(screen.getByRole('tab', { name: /^Price\(excl\)/ })).queryByRole('img')).toBeNull();
    unmount();
    wrap(
      <ProductDetails
        item={item({}, { priceDiscrepancyTable: [{ uom: 'EA', quantity: 1, sellerPrice: null, buyerPrice: 2.5 }] }, {})}
        supplierName="Acme"
        onToggleIncluded={() => undefined}
      />,
    );
    const tab = screen.getByRole('tab', { name: /^Price\(excl\)/ });
    expect(within(tab).getByRole('img', { name: 'Pricing discrepancies' })).toBeTruthy();
    await userEvent.click(tab);
    const table = await screen.findByRole('table', { name: 'Pricing Discrepancies' });
    expect(within(table).getByText('2.50')).toBeTruthy();
    expect(within(table).getByText(messages.informationNotProvided)).toBeTruthy();
  });

  it("compares a fill chunk's product (no table sent) from its prices and the buyer's contract prices", async () => {
    const prices = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 3.5, startDate: '2026-01-01', currency: 'AUD' }];
    const contract = (price: number) => ({ contractPrices: [{ uom: 'EA', quantity: 1, price, effectiveDate: '2026-01-01', currency: 'AUD' }] });
    const { unmount } = wrap(<ProductDetails item={item({}, { prices }, contract(3.5))} supplierName="Acme" onToggleIncluded={() => undefined} />);
    expect(within(screen.getByRole('tab', { name: /^Price\(excl\)/ })).queryByRole('img')).toBeNull();
    unmount();
    wrap(<ProductDetails item={item({}, { prices }, contract(3))} supplierName="Acme" onToggleIncluded={() => undefined} />);
    const tab = screen.getByRole('tab', { name: /^Price\(excl\)/ });
    expect(within(tab).getByRole('img', { name: 'Pricing discrepancies' })).toBeTruthy();
    await userEvent.click(tab);
    const table = await screen.findByRole('table', { name: 'Pricing Discrepancies' });
    expect(within(table).getByText('3.50')).toBeTruthy();
    expect(within(table).getByText('3.00')).toBeTruthy();
  });

  it('offers the Included switch to buyers only', async () => {
    const toggled: boolean[] = [];
    const { unmount } = wrap(<ProductDetails item={item({}, {}, { excluded: true })} supplierName="Acme" onToggleIncluded={(v) => toggled.push(v)} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Included' }));
    expect(toggled).toEqual([true]);
    unmount();
    wrap(<ProductDetails item={item({})} supplierName="Acme" onToggleIncluded={null} />);
    expect(screen.queryByRole('switch', { name: 'Included' })).toBeNull();
  });

  it('shows a buyer who may not curate the catalogue (a REGULAR user) the Included switch, not changeable', async () => {
    const toggled: boolean[] = [];
    wrap(<ProductDetails item={item({}, {}, { excluded: true })} supplierName="Acme" onToggleIncluded={(v) => toggled.push(v)} mayInclude={false} />);
    const included = screen.getByRole('switch', { name: 'Included' }) as HTMLButtonElement;
    expect(included.disabled).toBe(true);
    await userEvent.click(included);
    expect(toggled).toEqual([]);
  });
});

describe('the buyer toolset', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('starts with Generate and Request Modification enabled, Download disabled, Export disabled without products', () => {
    fakeApi({});
    wrap(<CatalogueToolset buyerId="UNI" sellerId="SUP" productCount={0} mayUseTemplates mayExport />);
    expect(button('Generate Template File').disabled).toBe(false);
    expect(button('Download Template File').disabled).toBe(true);
    expect(button('Request Modification').disabled).toBe(false);
    expect(button('Export Catalogue').disabled).toBe(true);
  });

  it('shows a user who may neither use templates nor export (a REGULAR user) no tools', () => {
    fakeApi({});
    wrap(<CatalogueToolset buyerId="UNI" sellerId="SUP" productCount={3} mayUseTemplates={false} mayExport={false} />);
    expect(screen.queryByRole('toolbar', { name: 'Catalogue tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export Catalogue' })).toBeNull();
  });

  it('disables Generate once the template is ready and enables Download', async () => {
    fakeApi({
      'POST /api/buyer/UNI/seller/SUP/meta/action/download': { status: 202, body: { jobId: 7, downloadUrl: null } },
      'GET /api/org/UNI/job/7': {
        status: 200,
        body: { jobId: 7, kind: 'catalogue-template-generate', state: 'done', result: {}, error: null, downloadUrl: '/files/download/t', createdAt: '', updatedAt: '' },
      },
    });
    wrap(<CatalogueToolset buyerId="UNI" sellerId="SUP" productCount={3} mayUseTemplates mayExport />);
    await userEvent.click(button('Generate Template File'));
    await screen.findByText('Template file: done');
    expect(button('Generate Template File').disabled).toBe(true);
    expect(button('Download Template File').disabled).toBe(false);
  });

  it("says the spec's messages when generating or exporting fails, and keeps a failed job's errors until dismissed", async () => {
    fakeApi({
      'POST /api/buyer/UNI/seller/SUP/meta/action/download': { status: 500, body: { errors: ['boom'] } },
      'POST /api/buyer/UNI/seller/SUP/product/action/export': { status: 202, body: { jobId: 9 } },
      'GET /api/org/UNI/job/9': {
        status: 200,
        body: { jobId: 9, kind: 'catalogue-export', state: 'failed', result: null, error: 'There are no products to export', downloadUrl: null, createdAt: '', updatedAt: '' },
      },
    });
    wrap(<CatalogueToolset buyerId="UNI" sellerId="SUP" productCount={3} mayUseTemplates mayExport />);
    await userEvent.click(button('Generate Template File'));
    expect(await screen.findByText(messages.templateGenerateFailed)).toBeTruthy();
    await userEvent.click(button('Export Catalogue'));
    expect(await screen.findByText(messages.catalogueExportQueued)).toBeTruthy();
    await screen.findByText('Catalogue export: failed');
    expect(screen.getByRole('list', { name: 'Catalogue export errors' }).textContent).toContain('There are no products to export');
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Catalogue export' })).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Catalogue export: failed')).toBeNull();
  });

  it("says 'Cound't export catalogue' when the export cannot be queued", async () => {
    fakeApi({ 'POST /api/buyer/UNI/seller/SUP/product/action/export': 'network-error' });
    wrap(<CatalogueToolset buyerId="UNI" sellerId="SUP" productCount={3} mayUseTemplates mayExport />);
    await userEvent.click(button('Export Catalogue'));
    expect(await screen.findByText(messages.catalogueExportFailed)).toBeTruthy();
  });
});
