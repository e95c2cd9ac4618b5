import type { MatchingSettings } from '../schemas/invoice-matching';
import { MATCHING_MODES } from '../schemas/invoice-matching';

/** Floating-point noise on amounts stored as binary fractions (48.9 - 48.4 is 0.5000000000000036). */
const NOISE = 1e-6;
const MAX_PERCENT = 100;
const MAX_AMOUNT = 1_000_000;

export interface SettingsIssue {
  field: keyof MatchingSettings;
  message: string;
}

function bounded(field: keyof MatchingSettings, label: string, value: number, max: number): SettingsIssue[] {
  if (!Number.isFinite(value) || value < 0) return [{ field, message: `${label} must be 0 or more` }];
  if (value > max) return [{ field, message: `${label} must be at most ${max.toLocaleString('en-US')}` }];
  return [];
}

/** The 'Invoice Matching' form's rules, checked in the browser and again by the server. */
export function validateMatchingSettings(s: MatchingSettings): SettingsIssue[] {
  return [
    ...((MATCHING_MODES as readonly string[]).includes(s.mode) ? [] : [{ field: 'mode' as const, message: 'Matching must be 2-way or 3-way' }]),
    ...bounded('pricePercent', 'Price tolerance (%)', s.pricePercent, MAX_PERCENT),
    ...bounded('priceAmount', 'Price tolerance (amount)', s.priceAmount, MAX_AMOUNT),
    ...bounded('quantityUnits', 'Quantity tolerance (units)', s.quantityUnits, MAX_AMOUNT),
    ...bounded('quantityPercent', 'Quantity tolerance (%)', s.quantityPercent, MAX_PERCENT),
    ...bounded('totalPercent', 'Total tolerance (%)', s.totalPercent, MAX_PERCENT),
  ];
}

/**
 * A unit price is within tolerance when it differs from the expected price by no more
 * than the larger of the amount and the percent of the expected price: either bound
 * lets it through, as SAP Ariba checks the absolute bound and then the percentage.
 */
export function priceWithinTolerance(invoiced: number, expected: number, s: Pick<MatchingSettings, 'pricePercent' | 'priceAmount'>): boolean {
  const allowed = Math.max(s.priceAmount, (Math.abs(expected) * s.pricePercent) / 100);
  return Math.abs(invoiced - expected) <= allowed + NOISE;
}

/** The most a quantity may exceed `limit` by: the units, or the percent of the limit, whichever is larger. */
export function quantityAllowance(limit: number, s: Pick<MatchingSettings, 'quantityUnits' | 'quantityPercent'>): number {
  return Math.max(s.quantityUnits, (Math.max(limit, 0) * s.quantityPercent) / 100);
}

export function quantityWithinTolerance(quantity: number, limit: number, s: Pick<MatchingSettings, 'quantityUnits' | 'quantityPercent'>): boolean {
  return quantity <= limit + quantityAllowance(limit, s) + NOISE;
}

/**
 * An invoiced total is within tolerance when it exceeds what is left of the order's
 * value by at most the percent of the order's total: invoices against one order add up,
 * so the last of them is held once together they pass the order by more than the percent.
 */
export function totalWithinTolerance(invoiced: number, remaining: number, orderTotal: number, s: Pick<MatchingSettings, 'totalPercent'>): boolean {
  return invoiced <= remaining + (Math.abs(orderTotal) * s.totalPercent) / 100 + NOISE;
}
