import type { InvoiceDocument } from '../../../src/domain/schemas/invoices';

/** A party as a demo e-invoice states it: its name, ABN (PEPPOL scheme 0151) and email. */
interface XmlParty {
  name: string;
  abn: string | null;
  email: string | null;
}

export interface XmlInvoiceInput {
  document: InvoiceDocument;
  seller: XmlParty;
  buyer: XmlParty;
}

const esc = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const amount = (n: number) => n.toFixed(2);
const digits = (abn: string) => abn.replace(/\D/g, '');
const day = (iso: string) => iso.slice(0, 10);
/** The GST rate a line was taxed at: 10% or GST-free. */
const rateOf = (line: InvoiceDocument['lineItems'][number]) => (line.tax === 0 ? 0 : 10);

function ublParty(p: XmlParty): string {
  const abn = p.abn ? digits(p.abn) : null;
  return [
    '<cac:Party>',
    abn ? `<cbc:EndpointID schemeID="0151">${abn}</cbc:EndpointID>` : '',
    `<cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>`,
    abn ? `<cac:PartyTaxScheme><cbc:CompanyID>${abn}</cbc:CompanyID><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : '',
    `<cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>${abn ? `<cbc:CompanyID schemeID="0151">${abn}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>`,
    p.email ? `<cac:Contact><cbc:ElectronicMail>${esc(p.email)}</cbc:ElectronicMail></cac:Contact>` : '',
    '</cac:Party>',
  ].join('');
}

function ublCharge(charge: boolean, reasonCode: string, reason: string, value: number, currency: string): string {
  return `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>${reasonCode}</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>${reason}</cbc:AllowanceChargeReason><cbc:Amount currencyID="${currency}">${amount(value)}</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>`;
}

/** A PEPPOL BIS Billing 3.0 (UBL 2.1) invoice of a demo document: what a supplier's AP system sends. */
export function ublInvoiceXml({ document: d, seller, buyer }: XmlInvoiceInput): string {
  const cur = d.currency;
  const lines = d.lineItems.map((l) => {
    const net = l.grossLineTotal - l.tax;
    return [
      `<cac:InvoiceLine><cbc:ID>${l.sequence}</cbc:ID>`,
      `<cbc:InvoicedQuantity unitCode="${esc(l.uom ?? 'EA')}">${l.qtyShipped}</cbc:InvoicedQuantity>`,
      `<cbc:LineExtensionAmount currencyID="${cur}">${amount(net)}</cbc:LineExtensionAmount>`,
      l.discount ? ublCharge(false, '95', 'Discount', l.discount, cur).replace(/<cac:TaxCategory>.*<\/cac:TaxCategory>/, '') : '',
      `<cac:Item><cbc:Name>${esc(l.description ?? '')}</cbc:Name><cac:SellersItemIdentification><cbc:ID>${esc(l.code ?? '')}</cbc:ID></cac:SellersItemIdentification>`,
      `<cac:ClassifiedTaxCategory><cbc:ID>${rateOf(l) ? 'S' : 'Z'}</cbc:ID><cbc:Percent>${rateOf(l)}</cbc:Percent><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>`,
      `<cac:Price><cbc:PriceAmount currencyID="${cur}">${l.unitPrice}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    '<cbc:CustomizationID>urn:cen.eu:en16931:2017#conformant#urn:fdc:peppol.eu:2017:poacc:billing:international:aunz:3.0</cbc:CustomizationID>',
    '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
    `<cbc:ID>${esc(d.documentId ?? '')}</cbc:ID>`,
    `<cbc:IssueDate>${day(d.dateCreated)}</cbc:IssueDate>`,
    '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    d.comments ? `<cbc:Note>${esc(d.comments)}</cbc:Note>` : '',
    `<cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>`,
    d.referenceId ? `<cac:OrderReference><cbc:ID>${esc(d.referenceId)}</cbc:ID></cac:OrderReference>` : '',
    `<cac:AccountingSupplierParty>${ublParty(seller)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${ublParty(buyer)}</cac:AccountingCustomerParty>`,
    d.freight ? ublCharge(true, 'FC', 'Freight', d.freight, cur) : '',
    d.additionalCharges ? ublCharge(true, 'ABK', 'Handling', d.additionalCharges, cur) : '',
    d.discount ? ublCharge(false, '95', 'Discount', d.discount, cur) : '',
    `<cac:TaxTotal><cbc:TaxAmount currencyID="${cur}">${amount(d.totalTax)}</cbc:TaxAmount></cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    `<cbc:LineExtensionAmount currencyID="${cur}">${amount(d.subtotal)}</cbc:LineExtensionAmount>`,
    `<cbc:TaxExclusiveAmount currencyID="${cur}">${amount(d.totalValue - d.totalTax)}</cbc:TaxExclusiveAmount>`,
    `<cbc:TaxInclusiveAmount currencyID="${cur}">${amount(d.totalValue)}</cbc:TaxInclusiveAmount>`,
    `<cbc:AllowanceTotalAmount currencyID="${cur}">${amount(d.discount)}</cbc:AllowanceTotalAmount>`,
    `<cbc:ChargeTotalAmount currencyID="${cur}">${amount(d.freight + d.additionalCharges)}</cbc:ChargeTotalAmount>`,
    `<cbc:PayableAmount currencyID="${cur}">${amount(d.totalValue)}</cbc:PayableAmount>`,
    '</cac:LegalMonetaryTotal>',
    ...lines,
    '</Invoice>',
  ].join('\n');
}

function ciiParty(tag: string, p: XmlParty): string {
  const abn = p.abn ? digits(p.abn) : null;
  return [
    `<ram:${tag}><ram:Name>${esc(p.name)}</ram:Name>`,
    abn ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0151">${abn}</ram:ID></ram:SpecifiedLegalOrganization>` : '',
    p.email ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${esc(p.email)}</ram:URIID></ram:URIUniversalCommunication>` : '',
    abn ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${abn}</ram:ID></ram:SpecifiedTaxRegistration>` : '',
    `</ram:${tag}>`,
  ].join('');
}

function ciiCharge(charge: boolean, reasonCode: string, reason: string, value: number): string {
  return `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount(value)}</ram:ActualAmount><ram:ReasonCode>${reasonCode}</ram:ReasonCode><ram:Reason>${reason}</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>10</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`;
}

/** The UN/CEFACT Cross Industry Invoice (EN 16931 profile) a Factur-X PDF of a demo document embeds. */
export function ciiInvoiceXml({ document: d, seller, buyer }: XmlInvoiceInput): string {
  const lines = d.lineItems.map((l) =>
    [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${l.sequence}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:SellerAssignedID>${esc(l.code ?? '')}</ram:SellerAssignedID><ram:Name>${esc(l.description ?? '')}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.unitPrice}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${esc(l.uom ?? 'EA')}">${l.qtyShipped}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${rateOf(l) ? 'S' : 'Z'}</ram:CategoryCode><ram:RateApplicablePercent>${rateOf(l)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
      l.discount
        ? `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount(l.discount)}</ram:ActualAmount><ram:Reason>Discount</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`
        : '',
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.grossLineTotal - l.tax)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>',
    `<rsm:ExchangedDocument><ram:ID>${esc(d.documentId ?? '')}</ram:ID><ram:TypeCode>380</ram:TypeCode>`,
    `<ram:IssueDateTime><udt:DateTimeString format="102">${day(d.dateCreated).replace(/-/g, '')}</udt:DateTimeString></ram:IssueDateTime>`,
    d.comments ? `<ram:IncludedNote><ram:Content>${esc(d.comments)}</ram:Content></ram:IncludedNote>` : '',
    '</rsm:ExchangedDocument>',
    '<rsm:SupplyChainTradeTransaction>',
    ...lines,
    '<ram:ApplicableHeaderTradeAgreement>',
    ciiParty('SellerTradeParty', seller),
    ciiParty('BuyerTradeParty', buyer),
    d.referenceId ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${esc(d.referenceId)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>` : '',
    '</ram:ApplicableHeaderTradeAgreement>',
    '<ram:ApplicableHeaderTradeDelivery/>',
    '<ram:ApplicableHeaderTradeSettlement>',
    `<ram:InvoiceCurrencyCode>${d.currency}</ram:InvoiceCurrencyCode>`,
    d.freight ? ciiCharge(true, 'FC', 'Freight', d.freight) : '',
    d.additionalCharges ? ciiCharge(true, 'ABK', 'Handling', d.additionalCharges) : '',
    d.discount ? ciiCharge(false, '95', 'Discount', d.discount) : '',
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${amount(d.subtotal)}</ram:LineTotalAmount>`,
    `<ram:ChargeTotalAmount>${amount(d.freight + d.additionalCharges)}</ram:ChargeTotalAmount>`,
    `<ram:AllowanceTotalAmount>${amount(d.discount)}</ram:AllowanceTotalAmount>`,
    `<ram:TaxBasisTotalAmount>${amount(d.totalValue - d.totalTax)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${d.currency}">${amount(d.totalTax)}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${amount(d.totalValue)}</ram:GrandTotalAmount>`,
    `<ram:DuePayableAmount>${amount(d.totalValue)}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
  ].join('\n');
}
