import { describe, expect, it } from 'vitest';
import { contractPricesAt, priceDiscrepancies, sellerPriceAt } from '../../src/domain/price-discrepancies';
import type { ContractPrice, SellerPrice } from '../../src/domain/schemas/catalogue';

const sp = (uom: string, lower: number, upper: number | null, price: number, startDate = '2026-01-01'): SellerPrice => ({
  uom,
  lowerQuantity: lower,
  upperQuantity: upper,
  price,
  startDate,
  currency: 'AUD',
});
const cp = (uom: string, quantity: number, price: number, effectiveDate = '2026-01-01'): ContractPrice => ({
  uom,
  quantity,
  price,
  effectiveDate,
  currency: 'AUD',
});

describe('sellerPriceAt', () => {
  const prices = [sp('EA', 1, 9, 10), sp('EA', 10, 49, 9), sp('EA', 50, null, 8), sp('BX', 1, null, 95)];

  it('picks the quantity band of the unit', () => {
    expect(sellerPriceAt(prices, 'EA', 1, '2026-06-01')?.price).toBe(10);
    expect(sellerPriceAt(prices, 'EA', 10, '2026-06-01')?.price).toBe(9);
    expect(sellerPriceAt(prices, 'EA', 49, '2026-06-01')?.price).toBe(9);
    expect(sellerPriceAt(prices, 'ea', 500, '2026-06-01')?.price).toBe(8);
    expect(sellerPriceAt(prices, 'BX', 3, '2026-06-01')?.price).toBe(95);
    expect(sellerPriceAt(prices, 'PK', 1, '2026-06-01')).toBeNull();
  });

  it('ignores prices not yet started and prefers the latest start', () => {
    const dated = [sp('EA', 1, null, 10, '2026-01-01'), sp('EA', 1, null, 11, '2026-07-01')];
    expect(sellerPriceAt(dated, 'EA', 5, '2026-06-30')?.price).toBe(10);
    expect(sellerPriceAt(dated, 'EA', 5, '2026-07-01')?.price).toBe(11);
    expect(sellerPriceAt(dated, 'EA', 5, '2025-12-31')).toBeNull();
  });

  it('prefers the narrower band when starts are equal', () => {
    expect(sellerPriceAt([sp('EA', 1, null, 10), sp('EA', 5, 9, 9.5)], 'EA', 6, '2026-06-01')?.price).toBe(9.5);
  });
});

describe('contractPricesAt', () => {
  it('keeps the latest effective price per unit and quantity', () => {
    const list = [cp('EA', 1, 10, '2026-01-01'), cp('EA', 1, 9, '2026-05-01'), cp('EA', 1, 8, '2026-12-01'), cp('EA', 10, 7)];
    const current = contractPricesAt(list, '2026-06-01');
    expect(current).toHaveLength(2);
    expect(current.find((c) => c.quantity === 1)?.price).toBe(9);
  });
});

describe('priceDiscrepancies', () => {
  const seller = [sp('EA', 1, 9, 10), sp('EA', 10, null, 9)];

  it('is empty when contract and seller prices agree (within half a cent)', () => {
    expect(priceDiscrepancies(seller, [cp('EA', 1, 10), cp('EA', 10, 9.001)], '2026-06-01')).toEqual([]);
  });

  it('lists disagreeing prices with both sides', () => {
    expect(priceDiscrepancies(seller, [cp('EA', 1, 9.5), cp('EA', 20, 9)], '2026-06-01')).toEqual([
      { uom: 'EA', quantity: 1, sellerPrice: 10, buyerPrice: 9.5 },
    ]);
  });

  it('lists a contract price the supplier does not price, with a null seller price', () => {
    expect(priceDiscrepancies(seller, [cp('BX', 1, 90)], '2026-06-01')).toEqual([
      { uom: 'BX', quantity: 1, sellerPrice: null, buyerPrice: 90 },
    ]);
  });

  it('ignores contract prices not yet effective', () => {
    expect(priceDiscrepancies(seller, [cp('EA', 1, 1, '2027-01-01')], '2026-06-01')).toEqual([]);
  });

  it('sorts rows by unit then quantity', () => {
    const rows = priceDiscrepancies(seller, [cp('EA', 10, 1), cp('BX', 1, 1), cp('EA', 1, 1)], '2026-06-01');
    expect(rows.map((r) => `${r.uom}${r.quantity}`)).toEqual(['BX1', 'EA1', 'EA10']);
  });
});
