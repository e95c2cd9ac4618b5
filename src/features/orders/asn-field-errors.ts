import type { FieldIssue } from '../../domain/messages';
import { asnLineField } from '../../domain/rules/asn';
import { ADDRESS_FIELDS } from '../../domain/schemas/orders';
import type { AsnDraftRow } from '../../local/db/store-rows';
import type { AsnBody } from './asn-draft-model';

/**
 * Puts the ASN rule errors next to the fields they are about. Every error names its
 * field (`AsnFieldId` of src/domain/rules/asn.ts), whether it comes from the form's own
 * check or from the server's refusal of a submit, which runs the same rules and sends
 * the field of each error (`fieldErrors`) next to their texts.
 */
export const lineFieldId = asnLineField;

const SINGLE_FIELDS = ['orderNumber', 'noticeDate', 'deliveryDate', 'shipmentDate', 'carrierName', 'trackingId'];

/** The ids of the fields the form shows for this ASN, so an error about one can be put there. */
function fieldsOnScreen(value: AsnBody): Set<string> {
  const fields = new Set(SINGLE_FIELDS);
  for (const side of ['shipFrom', 'shipTo']) for (const field of ADDRESS_FIELDS) fields.add(`${side}.${field}`);
  for (const line of value.lines) {
    fields.add(lineFieldId(line.number, 'quantity'));
    fields.add(lineFieldId(line.number, 'uom'));
  }
  return fields;
}

/**
 * The errors of a refused submit as the draft keeps them: by field when the server
 * named the fields; otherwise (an older draft, an answer without `fieldErrors`) as
 * errors about the ASN as a whole, with no field.
 */
export function refusalIssues(draft: AsnDraftRow): FieldIssue[] {
  if (draft.fieldErrors && draft.fieldErrors.length > 0) return draft.fieldErrors;
  return (draft.errors ?? []).map((message) => ({ field: '', message }));
}

export interface SortedAsnErrors {
  byField: Map<string, string>;
  /** Errors about the ASN as a whole (no lines, errors without a field, ...). */
  general: string[];
}

export function sortAsnErrors(issues: readonly FieldIssue[], value: AsnBody): SortedAsnErrors {
  const onScreen = fieldsOnScreen(value);
  const byField = new Map<string, string>();
  const general: string[] = [];
  for (const { field, message } of issues) {
    if (onScreen.has(field)) {
      const before = byField.get(field);
      byField.set(field, before ? `${before}; ${message}` : message);
    } else if (!/^line\.-?\d+\./.test(field)) {
      general.push(message);
    }
    // An error about a line the user has since removed from the ASN is gone with it.
  }
  return { byField, general };
}
