import { ASN_FIELD_LENGTHS } from '../constants';
import { isValidIsoDate } from '../dates';
import { fieldErrors } from '../messages';
import type { Address } from '../schemas/orders';

/**
 * The ASN submit rules of spec section 5. The form shows these errors before it sends,
 * and the server runs the same function again inside the submitting transaction.
 */

export interface AsnDraftForRules {
  orderNumber: string | null | undefined;
  noticeDate: string | null | undefined;
  deliveryDate?: string | null | undefined;
  shipmentDate: string | null | undefined;
  carrierName?: string | null | undefined;
  trackingId?: string | null | undefined;
  shipFrom?: Partial<Address> | null | undefined;
  shipTo?: Partial<Address> | null | undefined;
  lines: ReadonlyArray<{ number: number; quantity: number | null | undefined; uom?: string | null | undefined }>;
}

/** Field labels of the ASN form, used in the error texts. */
const addressLabels: Array<[keyof typeof ASN_FIELD_LENGTHS & keyof Address, string]> = [
  ['name', 'name'],
  ['postalAddressName', 'postal address name'],
  ['postalAddressStreet', 'street'],
  ['postalAddressCity', 'city'],
  ['postalAddressState', 'state'],
  ['postalAddressPostcode', 'postcode'],
  ['postalAddressCountryCode', 'country code'],
  ['email', 'email'],
];

export const asnErrors = {
  shipmentDateRequired: fieldErrors.required('Shipment date'),
  issueDateRequired: fieldErrors.required('Issue date'),
  orderNumberRequired: fieldErrors.required('Order number'),
  linesRequired: 'At least one line is required',
  invalidDate: (label: string) => `${label} is not a valid date`,
  quantityZero: (n: number) => `Line ${n}: quantity must not be zero`,
  quantityNegative: (n: number) => `Line ${n}: quantity must be greater than zero`,
  quantityDecimals: (n: number) => `Line ${n}: quantity must have at most two decimals`,
  duplicateLine: (n: number) => `Line ${n} appears more than once`,
  unknownLine: (n: number) => `Line ${n} is not on the order`,
  overShipped: (n: number, quantity: number, remaining: number) =>
    `Line ${n}: quantity ${quantity} is more than the ${Math.max(remaining, 0)} left to ship`,
  tooLong: fieldErrors.tooLong,
  orderCancelled: 'A cancelled order cannot be shipped',
  alreadyExported: 'The ASN has already been exported',
  notWaitingForAction: 'The ASN is not waiting for action',
} as const;

/** At most two decimals, judged on the decimal text so 1.1 (binary 1.1000000000000000888) passes. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

function checkLength(errors: string[], label: string, value: string | null | undefined, max: number): void {
  if (value && value.length > max) errors.push(asnErrors.tooLong(label, max));
}

/**
 * Errors that stop a submit; empty when it may go. `remaining` (order line number ->
 * quantity left to ship after earlier submitted ASNs) adds the order checks when known.
 */
export function validateAsnSubmit(draft: AsnDraftForRules, remaining?: ReadonlyMap<number, number>): string[] {
  const errors: string[] = [];
  if (!draft.shipmentDate?.trim()) errors.push(asnErrors.shipmentDateRequired);
  else if (!isValidIsoDate(draft.shipmentDate)) errors.push(asnErrors.invalidDate('Shipment date'));
  if (!draft.noticeDate?.trim()) errors.push(asnErrors.issueDateRequired);
  else if (!isValidIsoDate(draft.noticeDate)) errors.push(asnErrors.invalidDate('Issue date'));
  if (draft.deliveryDate?.trim() && !isValidIsoDate(draft.deliveryDate)) errors.push(asnErrors.invalidDate('Expected delivery date'));
  if (!draft.orderNumber?.trim()) errors.push(asnErrors.orderNumberRequired);

  checkLength(errors, 'Carrier name', draft.carrierName, ASN_FIELD_LENGTHS.carrierName);
  checkLength(errors, 'Tracking ID', draft.trackingId, ASN_FIELD_LENGTHS.trackingId);
  for (const [side, address] of [
    ['Ship From', draft.shipFrom],
    ['Ship To', draft.shipTo],
  ] as const) {
    if (!address) continue;
    for (const [field, label] of addressLabels) checkLength(errors, `${side} ${label}`, address[field], ASN_FIELD_LENGTHS[field]);
  }

  if (draft.lines.length === 0) errors.push(asnErrors.linesRequired);
  const seen = new Set<number>();
  for (const line of draft.lines) {
    const n = line.number;
    if (seen.has(n)) errors.push(asnErrors.duplicateLine(n));
    seen.add(n);
    const q = line.quantity ?? 0;
    if (q === 0) errors.push(asnErrors.quantityZero(n));
    else if (q < 0) errors.push(asnErrors.quantityNegative(n));
    else if (!hasAtMostTwoDecimals(q)) errors.push(asnErrors.quantityDecimals(n));
    checkLength(errors, `Line ${n} UOM`, line.uom, ASN_FIELD_LENGTHS.uom);
    if (remaining && q > 0) {
      const left = remaining.get(n);
      if (left === undefined) errors.push(asnErrors.unknownLine(n));
      else if (q > left + 1e-9) errors.push(asnErrors.overShipped(n, q, left));
    }
  }
  return errors;
}
