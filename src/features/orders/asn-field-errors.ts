import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import { validateAsnSubmit, type AsnDraftForRules } from '../../domain/rules/asn';
import { ADDRESS_FIELDS } from '../../domain/schemas/orders';

/**
 * Puts the ASN rule errors (the form's own check, or the server's refusal, which runs
 * the same rules) next to the fields they are about. The texts are the domain's: each
 * field's possible errors are found by asking the rules about a draft where only that
 * field is wrong, so no wording is copied here. Line errors name their line.
 */
export type AsnFieldId = string;

const valid: AsnDraftForRules = {
  orderNumber: '1',
  noticeDate: '2026-01-01',
  shipmentDate: '2026-01-01',
  deliveryDate: '',
  lines: [{ number: 1, quantity: 1, uom: '' }],
};

const tooLong = (max: number) => 'x'.repeat(max + 1);

function probes(): Array<[AsnFieldId, AsnDraftForRules]> {
  const list: Array<[AsnFieldId, AsnDraftForRules]> = [
    ['shipmentDate', { ...valid, shipmentDate: '' }],
    ['shipmentDate', { ...valid, shipmentDate: 'x' }],
    ['noticeDate', { ...valid, noticeDate: '' }],
    ['noticeDate', { ...valid, noticeDate: 'x' }],
    ['deliveryDate', { ...valid, deliveryDate: 'x' }],
    ['carrierName', { ...valid, carrierName: tooLong(ASN_FIELD_LENGTHS.carrierName) }],
    ['trackingId', { ...valid, trackingId: tooLong(ASN_FIELD_LENGTHS.trackingId) }],
  ];
  for (const side of ['shipFrom', 'shipTo'] as const) {
    for (const field of ADDRESS_FIELDS) {
      if (!(field in ASN_FIELD_LENGTHS)) continue;
      const max = ASN_FIELD_LENGTHS[field as keyof typeof ASN_FIELD_LENGTHS];
      list.push([`${side}.${field}`, { ...valid, [side]: { [field]: tooLong(max) } }]);
    }
  }
  return list;
}

const fieldOfText = new Map<string, AsnFieldId>();
for (const [field, draft] of probes()) for (const text of validateAsnSubmit(draft)) fieldOfText.set(text, field);

const uomErrorsOf = (n: number) =>
  validateAsnSubmit({ ...valid, lines: [{ number: n, quantity: 1, uom: tooLong(ASN_FIELD_LENGTHS.uom) }] });

export const lineFieldId = (n: number, part: 'quantity' | 'uom') => `line.${n}.${part}`;

export interface SortedAsnErrors {
  byField: Map<AsnFieldId, string>;
  /** Errors about the ASN as a whole (no lines, unknown order, ...). */
  general: string[];
}

export function sortAsnErrors(errors: readonly string[], lineNumbers: readonly number[]): SortedAsnErrors {
  const byField = new Map<AsnFieldId, string>();
  const general: string[] = [];
  const put = (field: AsnFieldId, text: string) => byField.set(field, byField.has(field) ? `${byField.get(field)}; ${text}` : text);
  for (const text of errors) {
    const field = fieldOfText.get(text);
    if (field) {
      put(field, text);
      continue;
    }
    const n = lineNumbers.find((number) => text.startsWith(`Line ${number}:`) || text.startsWith(`Line ${number} `));
    if (n === undefined) general.push(text);
    else if (uomErrorsOf(n).includes(text)) put(lineFieldId(n, 'uom'), text);
    else put(lineFieldId(n, 'quantity'), text);
  }
  return { byField, general };
}
