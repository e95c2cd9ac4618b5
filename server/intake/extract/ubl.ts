import type { ExtractionOutcome, PartyIds } from './extracted-invoice';
import { type Decimal, divide, parseDecimal, percentOf, round, sum, ZERO } from './decimal';
import { buildDocument, isFreightCharge, isoDay, isTrue, joinComments, type LineFacts, lineSequence } from './invoice-facts';
import { allAt, at, childrenNamed, textAt, type XmlElement } from './xml-tree';

export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

function amount(el: XmlElement | null, path: string): Decimal | null {
  return parseDecimal(textAt(el, path));
}

/** A UBL party: its name, endpoint id (PEPPOL EAS scheme), identifications, VAT/GST and legal ids, email. */
function party(p: XmlElement | null): PartyIds {
  const ids: PartyIds['ids'] = [];
  const add = (scheme: string | undefined, value: string | null) => {
    if (value && !ids.some((i) => i.scheme === (scheme ?? '') && i.value === value)) ids.push({ scheme: scheme ?? '', value });
  };
  const endpoint = at(p, 'EndpointID');
  if (endpoint) add(endpoint.attrs.schemeID ?? 'EndpointID', textAt(endpoint, ''));
  for (const id of allAt(p, 'PartyIdentification')) {
    const el = at(id, 'ID');
    if (el) add(el.attrs.schemeID ?? 'ID', textAt(el, ''));
  }
  for (const tax of allAt(p, 'PartyTaxScheme')) add(textAt(tax, 'TaxScheme/ID') ?? 'VAT', textAt(tax, 'CompanyID'));
  for (const legal of allAt(p, 'PartyLegalEntity')) {
    const el = at(legal, 'CompanyID');
    if (el) add(el.attrs.schemeID ?? 'CompanyID', textAt(el, ''));
  }
  return {
    name: textAt(p, 'PartyName/Name') ?? textAt(p, 'PartyLegalEntity/RegistrationName'),
    ids,
    email: textAt(p, 'Contact/ElectronicMail'),
  };
}

interface AllowanceCharge {
  charge: boolean;
  amount: Decimal;
  reasonCode: string | null;
  reason: string | null;
}

function allowanceCharges(el: XmlElement | null): AllowanceCharge[] {
  return childrenNamed(el, 'AllowanceCharge').map((ac) => ({
    charge: isTrue(textAt(ac, 'ChargeIndicator')),
    amount: amount(ac, 'Amount') ?? ZERO,
    reasonCode: textAt(ac, 'AllowanceChargeReasonCode'),
    reason: textAt(ac, 'AllowanceChargeReason'),
  }));
}

/** The tax total in the document's currency (a second TaxTotal may state it in the tax currency). */
function taxTotal(root: XmlElement, currency: string): Decimal {
  const totals = childrenNamed(root, 'TaxTotal').map((t) => at(t, 'TaxAmount')).filter((t): t is XmlElement => t !== null);
  const inCurrency = totals.find((t) => (t.attrs.currencyID ?? currency) === currency) ?? totals[0];
  return parseDecimal(inCurrency?.text) ?? ZERO;
}

function line(el: XmlElement, creditNote: boolean): LineFacts {
  const net = amount(el, 'LineExtensionAmount') ?? ZERO;
  const qtyEl = at(el, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity');
  const quantity = parseDecimal(qtyEl?.text) ?? ZERO;
  const price = amount(el, 'Price/PriceAmount') ?? ZERO;
  const baseQuantity = amount(el, 'Price/BaseQuantity');
  const unitPrice = baseQuantity ? (divide(price, baseQuantity) ?? price) : price;
  const acs = allowanceCharges(el);
  const discount = sum(acs.filter((a) => !a.charge).map((a) => a.amount));
  // PEPPOL lines carry the rate, not the amount: the line's share of the tax is net times rate.
  const rate = amount(el, 'Item/ClassifiedTaxCategory/Percent') ?? ZERO;
  const tax = round(percentOf(net, rate), 2);
  const item = at(el, 'Item');
  return {
    sequence: lineSequence(textAt(el, 'ID')),
    code: textAt(item, 'SellersItemIdentification/ID') ?? textAt(item, 'StandardItemIdentification/ID') ?? textAt(item, 'BuyersItemIdentification/ID'),
    description: textAt(item, 'Name') ?? textAt(item, 'Description'),
    quantity,
    uom: qtyEl?.attrs.unitCode ?? null,
    unitPrice,
    discount,
    tax,
    net,
  };
}

/** A UBL 2.1 Invoice or CreditNote (PEPPOL BIS Billing 3.0) as the portal's invoice. */
export function extractUbl(root: XmlElement): ExtractionOutcome {
  const creditNote = root.name === 'CreditNote';
  const date = isoDay(textAt(root, 'IssueDate'));
  if (!date) return { kind: 'failed', reason: 'The UBL document has no valid IssueDate.', showPdf: false };
  const currency = textAt(root, 'DocumentCurrencyCode') ?? 'AUD';
  const acs = allowanceCharges(root);
  const charges = acs.filter((a) => a.charge);
  const totals = at(root, 'LegalMonetaryTotal');
  const lines = allAt(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine').map((l) => line(l, creditNote));
  const document = buildDocument({
    documentId: textAt(root, 'ID'),
    date,
    referenceId: textAt(root, 'OrderReference/ID'),
    currency,
    freight: sum(charges.filter((c) => isFreightCharge(c.reasonCode, c.reason)).map((c) => c.amount)),
    additionalCharges: sum(charges.filter((c) => !isFreightCharge(c.reasonCode, c.reason)).map((c) => c.amount)),
    subtotal: amount(totals, 'LineExtensionAmount'),
    discount: amount(totals, 'AllowanceTotalAmount') ?? sum(acs.filter((a) => !a.charge).map((a) => a.amount)),
    totalTax: taxTotal(root, currency),
    totalValue: amount(totals, 'TaxInclusiveAmount') ?? amount(totals, 'PayableAmount'),
    comments: joinComments(allAt(root, 'Note').map((n) => textAt(n, ''))),
    lines,
  });
  return {
    kind: 'invoice',
    showPdf: false,
    invoice: {
      format: 'UBL',
      creditNote,
      creditedInvoiceId: creditNote ? textAt(root, 'BillingReference/InvoiceDocumentReference/ID') : null,
      document,
      seller: party(at(root, 'AccountingSupplierParty/Party')),
      buyer: party(at(root, 'AccountingCustomerParty/Party')),
      template: null,
    },
  };
}
