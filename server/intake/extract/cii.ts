import type { ExtractionOutcome, PartyIds } from './extracted-invoice';
import { type Decimal, divide, parseDecimal, percentOf, round, ZERO } from './decimal';
import { type AllowanceCharge, allowanceTotal, buildDocument, isoDay, isTrue, joinComments, type LineFacts, lineSequence, splitCharges } from './invoice-facts';
import { allAt, at, textAt, type XmlElement } from './xml-tree';


/** UNTDID 1001 document types that credit rather than bill. */
const CREDIT_TYPES = new Set(['381', '396', '532']);

/** CII tax registration schemes: VA is VAT, FC the tax number. */
const TAX_SCHEMES: Record<string, string> = { VA: 'VAT', FC: 'FC' };

function party(p: XmlElement | null): PartyIds {
  const ids: PartyIds['ids'] = [];
  const add = (scheme: string, value: string | null) => {
    if (value && !ids.some((i) => i.scheme === scheme && i.value === value)) ids.push({ scheme, value });
  };
  for (const g of allAt(p, 'GlobalID')) add(g.attrs.schemeID ?? 'GlobalID', textAt(g, ''));
  for (const g of allAt(p, 'ID')) add('ID', textAt(g, ''));
  const legal = at(p, 'SpecifiedLegalOrganization/ID');
  if (legal) add(legal.attrs.schemeID ?? 'CompanyID', textAt(legal, ''));
  for (const reg of allAt(p, 'SpecifiedTaxRegistration')) {
    const id = at(reg, 'ID');
    if (id) add(TAX_SCHEMES[id.attrs.schemeID ?? ''] ?? id.attrs.schemeID ?? 'VAT', textAt(id, ''));
  }
  const endpoint = at(p, 'URIUniversalCommunication/URIID');
  if (endpoint && endpoint.attrs.schemeID !== 'EM') add(endpoint.attrs.schemeID ?? 'EndpointID', textAt(endpoint, ''));
  const endpointEmail = endpoint?.attrs.schemeID === 'EM' ? textAt(endpoint, '') : null;
  return {
    name: textAt(p, 'Name'),
    ids,
    email: textAt(p, 'DefinedTradeContact/EmailURIUniversalCommunication/URIID') ?? endpointEmail,
  };
}

function allowanceCharges(el: XmlElement | null): AllowanceCharge[] {
  return allAt(el, 'SpecifiedTradeAllowanceCharge').map((ac) => ({
    charge: isTrue(textAt(ac, 'ChargeIndicator/Indicator')),
    amount: parseDecimal(textAt(ac, 'ActualAmount')) ?? ZERO,
    reasonCode: textAt(ac, 'ReasonCode'),
    reason: textAt(ac, 'Reason'),
  }));
}

function line(el: XmlElement): LineFacts {
  const settlement = at(el, 'SpecifiedLineTradeSettlement');
  const net = parseDecimal(textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount')) ?? ZERO;
  const qtyEl = at(el, 'SpecifiedLineTradeDelivery/BilledQuantity');
  const price = at(el, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice');
  const charge = parseDecimal(textAt(price, 'ChargeAmount')) ?? ZERO;
  const basis = parseDecimal(textAt(price, 'BasisQuantity'));
  const rate = parseDecimal(textAt(settlement, 'ApplicableTradeTax/RateApplicablePercent')) ?? ZERO;
  const product = at(el, 'SpecifiedTradeProduct');
  return {
    sequence: lineSequence(textAt(el, 'AssociatedDocumentLineDocument/LineID')),
    code: textAt(product, 'SellerAssignedID') ?? textAt(product, 'GlobalID') ?? textAt(product, 'BuyerAssignedID'),
    description: textAt(product, 'Name') ?? textAt(product, 'Description'),
    quantity: parseDecimal(qtyEl?.text) ?? ZERO,
    uom: qtyEl?.attrs.unitCode ?? null,
    unitPrice: basis ? (divide(charge, basis) ?? charge) : charge,
    discount: allowanceTotal(allowanceCharges(settlement)),
    tax: round(percentOf(net, rate), 2),
    net,
  };
}

/** The tax total in the invoice's currency (EN 16931 may add one in the tax currency). */
function taxTotal(summation: XmlElement | null, currency: string): Decimal {
  const totals = allAt(summation, 'TaxTotalAmount');
  const inCurrency = totals.find((t) => (t.attrs.currencyID ?? currency) === currency) ?? totals[0];
  return parseDecimal(inCurrency?.text) ?? ZERO;
}

/** A UN/CEFACT Cross Industry Invoice (EN 16931, Factur-X and ZUGFeRD 2's XML) as the portal's invoice. */
export function extractCii(root: XmlElement, format: 'CII' | 'FACTUR-X', showPdf: boolean): ExtractionOutcome {
  const exchanged = at(root, 'ExchangedDocument');
  const date = isoDay(textAt(exchanged, 'IssueDateTime/DateTimeString'));
  if (!date) return { kind: 'failed', reason: 'The CII document has no valid IssueDateTime.', showPdf };
  const transaction = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode') ?? 'AUD';
  const acs = allowanceCharges(settlement);
  const money = (path: string) => parseDecimal(textAt(summation, path));
  const creditNote = CREDIT_TYPES.has(textAt(exchanged, 'TypeCode') ?? '');
  const document = buildDocument({
    documentId: textAt(exchanged, 'ID'),
    date,
    referenceId: textAt(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID'),
    currency,
    ...splitCharges(acs),
    subtotal: money('LineTotalAmount'),
    discount: money('AllowanceTotalAmount') ?? allowanceTotal(acs),
    totalTax: taxTotal(summation, currency),
    totalValue: money('GrandTotalAmount'),
    comments: joinComments(allAt(exchanged, 'IncludedNote').map((n) => textAt(n, 'Content'))),
    lines: allAt(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
  });
  return {
    kind: 'invoice',
    showPdf,
    invoice: {
      format,
      creditNote,
      creditedInvoiceId: creditNote ? textAt(settlement, 'InvoiceReferencedDocument/IssuerAssignedID') : null,
      document,
      seller: party(at(agreement, 'SellerTradeParty')),
      buyer: party(at(agreement, 'BuyerTradeParty')),
      template: null,
    },
  };
}
