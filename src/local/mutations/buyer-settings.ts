import { orgUrl, seg } from '../../api/org-path';
import { PROPERTY_NAMES } from '../../domain/constants';
import type { MatchingSettings } from '../../domain/schemas/invoice-matching';
import { buyerSellerPropsKey, otherOrgPropertyKey } from '../../sync/row-keys';
import { scopeId } from '../../sync/scope';
import { runCommand } from './run-command';

/** Tax Codes (buyers): both codes, saved as the buyer's settings. */
export function saveTaxCodes(buyerId: string, taxableCode: string, nonTaxableCode: string) {
  const scope = scopeId('org', buyerId);
  return runCommand({
    kind: 'buyer.taxCodes',
    scope,
    method: 'POST',
    path: orgUrl('buyer', buyerId),
    body: { taxCodeMapping: { taxableCode, nonTaxableCode } },
    touches: [{ table: 'buyerSettings', scope, key: buyerId }],
  });
}

/** Catalogue Account Code: the buyer's code for one supplier (buyer-seller props). */
export function saveCatalogueAccountCode(buyerId: string, sellerId: string, supplierCode: string) {
  const scope = scopeId('org', buyerId);
  return runCommand({
    kind: 'buyer.supplierCode',
    scope,
    method: 'POST',
    path: orgUrl('buyer', buyerId, `/seller${seg(sellerId)}/props`),
    body: { supplierCode },
    touches: [{ table: 'buyerSellerProps', scope, key: buyerSellerPropsKey(buyerId, sellerId) }],
  });
}

/** A value the organisation keeps about another one, e.g. SUPPLIER_CODE or SUPPLIER_CODE_AP. */
export function saveOtherOrgProperty(orgId: string, otherOrgUniqueKey: string, property: string, value: string) {
  const scope = scopeId('org', orgId);
  return runCommand({
    kind: 'org.otherProperty',
    scope,
    method: 'POST',
    path: orgUrl('org', orgId, '/other-org-property'),
    body: { otherOrgUniqueKey, property, value },
    touches: [{ table: 'otherOrgProperties', scope, key: otherOrgPropertyKey(otherOrgUniqueKey, property) }],
  });
}

/** PO & ASN Account Code and Invoice Account Code of the Account No tab. */
export const savePoAsnAccountCode = (buyerId: string, sellerId: string, code: string) =>
  saveOtherOrgProperty(buyerId, sellerId, PROPERTY_NAMES.supplierCode, code);
export const saveInvoiceAccountCode = (buyerId: string, sellerId: string, code: string) =>
  saveOtherOrgProperty(buyerId, sellerId, PROPERTY_NAMES.supplierCodeAp, code);

/** Invoice Matching (buyers): 2-way or 3-way and the tolerances; the server matches the buyer's invoices again. */
export function saveInvoiceMatching(buyerId: string, settings: MatchingSettings) {
  const scope = scopeId('org', buyerId);
  return runCommand({
    kind: 'buyer.invoiceMatching',
    scope,
    method: 'POST',
    path: orgUrl('buyer', buyerId, '/invoice-matching'),
    body: settings,
    touches: [{ table: 'invoiceMatching', scope, key: buyerId }],
  });
}
