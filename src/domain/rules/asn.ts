import { ASN_FIELD_LENGTHS } from '../constants';
import { isValidIsoDate } from '../dates';
import { fieldErrors, issueTexts, type FieldIssue } from '../messages';
import type { Address } from '../schemas/orders';
import type { AsnPackage } from '../schemas/asn-packages';
import { validateAsnPackages } from './asn-packages';

/**
 * The ASN submit rules of spec section 5. The form shows these errors at their fields
 * before it sends, and the server runs the same function again inside the submitting
 * transaction and answers them with their fields, so a refusal lands there too.
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
  packages?: readonly AsnPackage[];
}

/** The address fields the spec limits in length, with the labels the error texts use. */
const addressLabels = [
  ['name', 'name'],
  ['postalAddressName', 'postal address name'],
  ['postalAddressStreet', 'street'],
  ['postalAddressCity', 'city'],
  ['postalAddressState', 'state'],
  ['postalAddressPostcode', 'postcode'],
  ['postalAddressCountryCode', 'country code'],
  ['email', 'email'],
] as const satisfies ReadonlyArray<readonly [keyof typeof ASN_FIELD_LENGTHS & keyof Address, string]>;

type AsnAddressSide = 'shipFrom' | 'shipTo';
type AsnLimitedAddressField = (typeof addressLabels)[number][0];

/**
 * The field an ASN rule error is about, as the ASN form names its fields. A line's
 * fields are named by the order line's `number` (not its place in the list), so an
 * error stays with its line when other lines are removed. `lines` is the list as a
 * whole (no lines at all); `orderNumber` also carries the order checks of the server
 * (unknown or cancelled order).
 */
export type AsnFieldId =
  | 'orderNumber'
  | 'noticeDate'
  | 'deliveryDate'
  | 'shipmentDate'
  | 'carrierName'
  | 'trackingId'
  | 'lines'
  | `${AsnAddressSide}.${AsnLimitedAddressField}`
  | `line.${number}.quantity`
  | `line.${number}.uom`;

export type AsnIssue = FieldIssue<AsnFieldId>;

export const asnLineField = (n: number, part: 'quantity' | 'uom'): AsnFieldId => `line.${n}.${part}`;

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
  nothingLeftToShip: 'Every line of this order has been shipped on earlier ASNs: nothing is left for a new one.',
  alreadyExported: 'The ASN has already been exported',
  notWaitingForAction: 'The ASN is not waiting for action',
} as const;

/** At most two decimals, judged on the decimal text so 1.1 (binary 1.1000000000000000888) passes. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * The errors that stop a submit, each with the field it is about; empty when it may
 * go. `remaining` (order line number -> quantity left to ship after earlier submitted
 * ASNs) adds the order checks when known. The form shows these at their fields before
 * it sends; the server runs the same function again inside the submitting transaction.
 */
export function validateAsnSubmit(draft: AsnDraftForRules, remaining?: ReadonlyMap<number, number>): AsnIssue[] {
  const issues: AsnIssue[] = [];
  const add = (field: AsnFieldId, message: string) => issues.push({ field, message });
  const checkLength = (field: AsnFieldId, label: string, value: string | null | undefined, max: number) => {
    if (value && value.length > max) add(field, asnErrors.tooLong(label, max));
  };

  if (!draft.shipmentDate?.trim()) add('shipmentDate', asnErrors.shipmentDateRequired);
  else if (!isValidIsoDate(draft.shipmentDate)) add('shipmentDate', asnErrors.invalidDate('Shipment date'));
  if (!draft.noticeDate?.trim()) add('noticeDate', asnErrors.issueDateRequired);
  else if (!isValidIsoDate(draft.noticeDate)) add('noticeDate', asnErrors.invalidDate('Issue date'));
  if (draft.deliveryDate?.trim() && !isValidIsoDate(draft.deliveryDate)) add('deliveryDate', asnErrors.invalidDate('Expected delivery date'));
  if (!draft.orderNumber?.trim()) add('orderNumber', asnErrors.orderNumberRequired);

  checkLength('carrierName', 'Carrier name', draft.carrierName, ASN_FIELD_LENGTHS.carrierName);
  checkLength('trackingId', 'Tracking ID', draft.trackingId, ASN_FIELD_LENGTHS.trackingId);
  for (const [side, sideLabel] of [
    ['shipFrom', 'Ship From'],
    ['shipTo', 'Ship To'],
  ] as const) {
    const address = draft[side];
    if (!address) continue;
    for (const [field, label] of addressLabels) {
      checkLength(`${side}.${field}`, `${sideLabel} ${label}`, address[field], ASN_FIELD_LENGTHS[field]);
    }
  }

  if (draft.lines.length === 0) add('lines', asnErrors.linesRequired);
  const seen = new Set<number>();
  for (const line of draft.lines) {
    const n = line.number;
    const quantityField = asnLineField(n, 'quantity');
    if (seen.has(n)) add(quantityField, asnErrors.duplicateLine(n));
    seen.add(n);
    const q = line.quantity ?? 0;
    if (q === 0) add(quantityField, asnErrors.quantityZero(n));
    else if (q < 0) add(quantityField, asnErrors.quantityNegative(n));
    else if (!hasAtMostTwoDecimals(q)) add(quantityField, asnErrors.quantityDecimals(n));
    checkLength(asnLineField(n, 'uom'), `Line ${n} UOM`, line.uom, ASN_FIELD_LENGTHS.uom);
    if (remaining && q > 0) {
      const left = remaining.get(n);
      if (left === undefined) add(quantityField, asnErrors.unknownLine(n));
      else if (q > left + 1e-9) add(quantityField, asnErrors.overShipped(n, q, left));
    }
  }
  for (const message of validateAsnPackages(draft.packages ?? [], draft.lines)) add('lines', message);
  return issues;
}

/** The plain texts of ASN issues, for the `errors` list of the server's 400 answer and toasts. */
export const asnErrorTexts = (issues: readonly AsnIssue[]): string[] => issueTexts(issues);
