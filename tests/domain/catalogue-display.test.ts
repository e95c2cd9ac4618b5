import { describe, expect, it } from 'vitest';
import {
  categoryTrail,
  flagCodeText,
  hasDiscrepancies,
  lastExportedText,
  leadTimeText,
  measureText,
  shownDiscrepancies,
  taxableText,
  unitPrices,
  warrantyText,
} from '../../src/domain/product-display';
import { catalogueToolset, type ToolsetInput } from '../../src/domain/rules/catalogue';

describe('product values', () => {
  it('says day for 1 and days otherwise, year for 1 and years otherwise', () => {
    expect(leadTimeText(1)).toBe('1 day');
    expect(leadTimeText(0)).toBe('0 days');
    expect(leadTimeText(14)).toBe('14 days');
    expect(warrantyText(1)).toBe('1 year');
    expect(warrantyText(3)).toBe('3 years');
  });

  it('reports missing values as null, never as a made-up value', () => {
    expect(leadTimeText(null)).toBeNull();
    expect(warrantyText(undefined)).toBeNull();
    expect(flagCodeText(null)).toBeNull();
    expect(taxableText(null)).toBeNull();
    expect(measureText(null, 'kg')).toBeNull();
    expect(lastExportedText(null)).toBeNull();
    expect(categoryTrail(null)).toEqual([]);
  });

  it('names flag codes, taxable and measures', () => {
    expect(flagCodeText('A')).toBe('Active');
    expect(flagCodeText('C')).toBe('Cancelled');
    expect(flagCodeText('Z')).toBe('Z');
    expect(taxableText('Y')).toBe('Yes');
    expect(taxableText('N')).toBe('No');
    expect(measureText(2.5, 'kg')).toBe('2.5 kg');
    expect(measureText(0, null)).toBe('0');
    expect(lastExportedText(Date.UTC(2026, 2, 4, 10))).toBe('2026-03-04');
  });

  it('shows the discrepancy icon only when the table has rows', () => {
    expect(hasDiscrepancies([])).toBe(false);
    expect(hasDiscrepancies(undefined)).toBe(false);
    expect(hasDiscrepancies([{ uom: 'EA', quantity: 1, sellerPrice: null, buyerPrice: 2 }])).toBe(true);
  });

  it("shows the server's discrepancy table when it sent one, else compares the held prices and contract prices", () => {
    const prices = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: null, price: 3.5, startDate: '2026-01-01', currency: 'AUD' }];
    const contract = [
      { uom: 'EA', quantity: 1, price: 3, effectiveDate: '2026-02-01', currency: 'AUD' },
      { uom: 'BX', quantity: 1, price: 30, effectiveDate: '2026-02-01', currency: 'AUD' },
    ];
    const sent = [{ uom: 'EA', quantity: 1, sellerPrice: 4, buyerPrice: 3 }];
    expect(shownDiscrepancies(sent, prices, contract, '2026-03-01')).toBe(sent);
    expect(shownDiscrepancies([], prices, contract, '2026-03-01')).toEqual([]);
    // A fill chunk's product: compared on the day shown, as the server compares (price-discrepancies.ts).
    expect(shownDiscrepancies(undefined, prices, contract, '2026-03-01')).toEqual([
      { uom: 'BX', quantity: 1, sellerPrice: null, buyerPrice: 30 },
      { uom: 'EA', quantity: 1, sellerPrice: 3.5, buyerPrice: 3 },
    ]);
    expect(shownDiscrepancies(undefined, prices, contract, '2026-01-15')).toEqual([]);
    // The supplier's view, or a product the buyer keeps no meta of.
    expect(shownDiscrepancies(undefined, prices, undefined, '2026-03-01')).toEqual([]);
    expect(shownDiscrepancies(null, undefined, [], '2026-03-01')).toEqual([]);
  });

  it('builds the breadcrumb from the levels present', () => {
    expect(
      categoryTrail({ catalog: { code: 'LAB', description: 'Laboratory' }, class: null, category: { code: 'G', description: '' }, group: null }),
    ).toEqual(['Laboratory', 'G']);
  });
});

describe('the buyer toolset', () => {
  const base: ToolsetInput = { sellerId: 'SUP1', downloadUrl: null, generating: false, productCount: 3, exportState: null, online: true };

  it('offers Generate, Request Modification and Export with a supplier and products', () => {
    expect(catalogueToolset(base)).toEqual({ generate: true, download: false, requestModification: true, export: true });
  });

  it('disables Generate once a download link exists, and enables Download', () => {
    expect(catalogueToolset({ ...base, downloadUrl: '/files/download/x' })).toMatchObject({ generate: false, download: true });
    expect(catalogueToolset({ ...base, generating: true }).generate).toBe(false);
  });

  it('disables Export with no products or while an export runs', () => {
    expect(catalogueToolset({ ...base, productCount: 0 }).export).toBe(false);
    expect(catalogueToolset({ ...base, exportState: 'queued' }).export).toBe(false);
    expect(catalogueToolset({ ...base, exportState: 'running' }).export).toBe(false);
    expect(catalogueToolset({ ...base, exportState: 'done' }).export).toBe(true);
    expect(catalogueToolset({ ...base, exportState: 'failed' }).export).toBe(true);
  });

  it('requires a selected supplier for everything, and the network', () => {
    expect(catalogueToolset({ ...base, sellerId: null })).toEqual({ generate: false, download: false, requestModification: false, export: false });
    expect(catalogueToolset({ ...base, sellerId: ' ' }).requestModification).toBe(false);
    expect(catalogueToolset({ ...base, online: false })).toEqual({ generate: false, download: false, requestModification: false, export: false });
  });
});

describe('the price columns', () => {
  const seller = [{ uom: 'EA', lowerQuantity: 1, upperQuantity: 9, price: 10, startDate: '2026-01-01', currency: 'AUD' }];
  const contract = [{ uom: 'ea', quantity: 1, price: 9.5, effectiveDate: '2026-02-01', currency: 'AUD' }];
  it('shows our contract price and the supplier price for one unit on the day', () => {
    expect(unitPrices('EA', seller, contract, '2026-03-01')).toEqual({ ours: 9.5, supplier: 10 });
    expect(unitPrices('EA', seller, contract, '2026-01-15')).toEqual({ ours: null, supplier: 10 });
    expect(unitPrices(null, seller, contract, '2026-03-01')).toEqual({ ours: null, supplier: null });
  });
});
