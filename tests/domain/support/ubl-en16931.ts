import type { En16931Invoice, En16931Totals } from '../../../src/domain/rules/invoice-en16931';

/**
 * A test-side reader of the UBL fields the EN 16931 rules need, for the standard's own
 * unit-test files (vefa validator test sets), with the DOMParser of the test's jsdom environment. Paths follow the UBL binding of the
 * schematron (ubl/schematron/UBL/EN16931-UBL-model.sch of the validation artefacts).
 */
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const VEFA = 'http://difi.no/xsd/vefa/validator/1.0';

export interface UnitTestCase {
  file: string;
  index: number;
  /** Rule ids the test says must hold (success) or must fail (error). */
  success: string[];
  error: string[];
  invoice: En16931Invoice;
}

const children = (el: Element, ns: string, name: string) => [...el.children].filter((c) => c.namespaceURI === ns && c.localName === name);
const child = (el: Element | undefined, ns: string, name: string) => (el ? children(el, ns, name)[0] : undefined);
const text = (el: Element | undefined) => (el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : undefined);

/** xs:decimal of an element: undefined when absent, NaN when its text is no number (the rule then fails, as XPath's cast would). */
function amount(el: Element | undefined): number | undefined {
  if (!el) return undefined;
  const t = (el.textContent ?? '').trim();
  return t === '' ? Number.NaN : Number(t);
}

function isCharge(el: Element): boolean {
  const t = text(child(el, CBC, 'ChargeIndicator'));
  return t === 'true' || t === '1';
}

function partyName(root: Element, role: string): string | undefined {
  const party = child(child(root, CAC, role), CAC, 'Party');
  return text(child(child(party, CAC, 'PartyLegalEntity'), CBC, 'RegistrationName'));
}

function readUblInvoice(root: Element): En16931Invoice {
  const currency = text(child(root, CBC, 'DocumentCurrencyCode'));
  const lines = [...root.getElementsByTagNameNS(CAC, 'InvoiceLine'), ...root.getElementsByTagNameNS(CAC, 'CreditNoteLine')];
  const allowanceCharges = children(root, CAC, 'AllowanceCharge');
  const totalsEl = child(root, CAC, 'LegalMonetaryTotal');
  const totals: En16931Totals | null = totalsEl
    ? {
        lineNet: amount(child(totalsEl, CBC, 'LineExtensionAmount')),
        allowances: amount(child(totalsEl, CBC, 'AllowanceTotalAmount')),
        charges: amount(child(totalsEl, CBC, 'ChargeTotalAmount')),
        withoutTax: amount(child(totalsEl, CBC, 'TaxExclusiveAmount')),
        withTax: amount(child(totalsEl, CBC, 'TaxInclusiveAmount')),
        paid: amount(child(totalsEl, CBC, 'PrepaidAmount')),
        rounding: amount(child(totalsEl, CBC, 'PayableRoundingAmount')),
        due: amount(child(totalsEl, CBC, 'PayableAmount')),
      }
    : null;
  return {
    number: text(child(root, CBC, 'ID')),
    issueDate: text(child(root, CBC, 'IssueDate')),
    typeCode: text(child(root, CBC, 'InvoiceTypeCode')) || text(child(root, CBC, 'CreditNoteTypeCode')),
    currency,
    sellerName: partyName(root, 'AccountingSupplierParty'),
    buyerName: partyName(root, 'AccountingCustomerParty'),
    lines: lines.map((l) => ({ netAmount: amount(child(l, CBC, 'LineExtensionAmount')) })),
    allowances: allowanceCharges.filter((a) => !isCharge(a)).map((a) => amount(child(a, CBC, 'Amount')) ?? Number.NaN),
    charges: allowanceCharges.filter(isCharge).map((a) => amount(child(a, CBC, 'Amount')) ?? Number.NaN),
    totals,
    taxTotals: children(root, CAC, 'TaxTotal').map((t) => {
      const taxAmount = child(t, CBC, 'TaxAmount');
      return {
        amount: amount(taxAmount),
        inInvoiceCurrency: currency !== undefined && taxAmount?.getAttribute('currencyID') === currency,
        breakdown: children(t, CAC, 'TaxSubtotal').map((s) => amount(child(s, CBC, 'TaxAmount')) ?? Number.NaN),
      };
    }),
  };
}

/** Every test of one vefa test set, with what it asserts. */
export function readUnitTestSet(file: string, xml: string): UnitTestCase[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return [...doc.getElementsByTagNameNS(VEFA, 'test')].map((test, index) => {
    const assert = child(test, VEFA, 'assert');
    const ids = (name: string) => (assert ? children(assert, VEFA, name).map((e) => text(e) ?? '') : []);
    const root = [...test.children].find((c) => c.localName === 'Invoice' || c.localName === 'CreditNote');
    if (!root) throw new Error(`${file} test ${index + 1} holds no Invoice or CreditNote`);
    return { file, index: index + 1, success: ids('success'), error: ids('error'), invoice: readUblInvoice(root) };
  });
}
