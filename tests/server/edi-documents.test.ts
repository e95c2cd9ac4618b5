import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Asn } from '../../src/domain/schemas/asn';
import type { InvoiceDocument } from '../../src/domain/schemas/invoices';
import { emptyAddress, type Order } from '../../src/domain/schemas/orders';
import { asnDocument, asnFileName } from '../../server/edi/asn-document';
import { CXML_DTD, cxmlDocument, el, text, withSharedSecret, xmlText } from '../../server/edi/cxml';
import { cxmlDateTime } from '../../server/edi/cxml-dates';
import { invoiceDetailRequestCxml, type InvoiceCxmlInput } from '../../server/edi/invoice-cxml';
import { poDocument, poFileName } from '../../server/edi/po-document';
import { CXML_DIR, declaredDtd, dtdErrors } from './helpers/cxml-dtd';

const full = {
  ...emptyAddress(),
  name: 'Priya Raman',
  postalAddressName: 'Bio21 "Store"',
  postalAddressStreet: '30 Flemington Rd',
  postalAddressCity: 'Parkville',
  postalAddressState: 'VIC',
  postalAddressPostcode: '3052',
  postalAddressCountryCode: 'AU',
  postalAddressCountryName: 'Australia',
  email: 'p.raman@uni.demo.test',
  phoneCountryCode: '61',
  phoneAreaCode: '3',
  phoneNumber: '9000 1111',
  faxCountryCode: '61',
  faxAreaCode: '3',
  faxNumber: '9000 1119',
};
/** Only a city: no street, no country, no person. */
const cityOnly = { ...emptyAddress(), postalAddressCity: 'Parkville', phoneNumber: '9000 1111' };

const order: Order = {
  id: 1,
  orderNo: 'PO-WM-1<2>',
  orderDate: '2026-10-30T09:00:00.000Z',
  state: 'New',
  read: false,
  canExport: true,
  buyerId: 'UNIWESTMERE1',
  buyerName: 'University of Westmere',
  sellerId: 'SUPACMESCI01',
  sellerName: 'Acme Scientific',
  raisedBy: 'Priya Raman',
  taxTotal: 1.5,
  taxTotalCurrency: 'AUD',
  orderTotalExtTax: 15,
  orderTotalCurrency: 'AUD',
  contact: full,
  billTo: full,
  shipTo: full,
  lines: [
    { id: 1, number: 1, supplierProductCode: 'ACM-104522', description: 'Tips & tubes <sterile>\u0007', quantity: 3, uom: 'BX', unitPrice: 5, priceCurreny: 'AUD', taxLine: 1.5, taxLineCurrency: 'AUD', lineComment: 'Leave at dock', freeText: false },
    { id: 2, number: 2, supplierProductCode: 'ACM-2', description: 'Ethanol', quantity: 2, uom: 'Litre', unitPrice: 0, priceCurreny: 'AUD', taxLine: 0, taxLineCurrency: 'AUD', lineComment: '', freeText: false },
  ],
};
const sparseOrder: Order = {
  ...order,
  orderNo: '77',
  contact: emptyAddress(),
  billTo: cityOnly,
  shipTo: emptyAddress(),
  lines: [{ id: 3, number: 1, supplierProductCode: '', description: '', quantity: 1, uom: '', unitPrice: 1, priceCurreny: '', taxLine: 0, taxLineCurrency: '', lineComment: '', freeText: false }],
};

const asn: Asn = {
  id: 9,
  shipmentId: 'PO-WM-1-S1',
  createdDate: '2026-11-01T10:00:00.000Z',
  noticeDate: '2026-11-01',
  deliveryDate: '2026-11-04',
  shipmentDate: '2026-11-02',
  carrierName: 'StarTrack',
  trackingId: 'ST1',
  shipFrom: full,
  shipTo: full,
  lines: [
    { number: 1, quantity: 1.5, uom: 'BX' },
    { number: 2, quantity: 2, uom: 'KG' },
  ],
  orderNumber: 'PO-WM-1<2>',
  orderId: 1,
  sellerId: 'SUPACMESCI01',
  buyerId: 'UNIWESTMERE1',
  exported: false,
  waitingForAction: true,
  state: 'SUBMITTED',
};
/** A packed ASN (issue 31): a pallet with an SSCC, a carton on it with one, and a carton without (no GS1 prefix then). */
const packedAsn: Asn = {
  ...asn,
  packages: [
    { kind: 'pallet', sscc: '006141410000000012', parent: null, lines: [] },
    { kind: 'carton', sscc: '006141410000000029', parent: 0, lines: [{ number: 1, quantity: 1 }, { number: 2, quantity: 2 }] },
    { kind: 'carton', sscc: null, parent: null, lines: [{ number: 1, quantity: 0.5 }] },
  ],
};
const sparseAsn: Asn = {
  ...asn,
  noticeDate: '',
  deliveryDate: '',
  shipmentDate: '',
  carrierName: 'StarTrack',
  trackingId: '',
  shipFrom: cityOnly,
  shipTo: emptyAddress(),
  lines: [{ number: 5, quantity: 1, uom: '' }],
};

const invoiceDoc: InvoiceDocument = {
  documentId: 'INV-1001',
  dateCreated: '2026-11-03',
  referenceId: 'PO-WM-1',
  referenceSystemId: '1',
  currency: 'AUD',
  freight: 10,
  additionalCharges: 2,
  subtotal: 100,
  discount: 5,
  totalTax: 10.7,
  totalValue: 117.7,
  comments: 'Thanks & regards',
  validationErrors: { general: [], header: [], line: [] },
  lineItems: [
    { id: 2, sequence: 2, code: 'ACM-2', description: 'Gloves', qtyShipped: 4, uom: 'PK', unitPrice: 12.5, discount: 5, tax: 4.5, grossLineTotal: 49.5 },
    { id: 1, sequence: 1, code: 'ACM-1', description: 'Tips', qtyShipped: 2, uom: 'EA', unitPrice: 25, discount: 0, tax: 5, grossLineTotal: 55 },
  ],
};
const invoice: InvoiceCxmlInput = {
  oiid: 41,
  buyerKey: 'UNIWESTMERE1',
  buyerName: 'University of Westmere',
  supplierKey: 'SUPACMESCI01',
  supplierName: 'Acme Scientific',
  supplierCode: 'ACME',
  document: invoiceDoc,
  orderPayloadId: '1790000000000.abc@portal',
};
const sparseInvoice: InvoiceCxmlInput = {
  ...invoice,
  supplierKey: null,
  supplierName: null,
  supplierCode: null,
  orderPayloadId: null,
  document: {
    ...invoiceDoc,
    documentId: null,
    referenceId: null,
    referenceSystemId: null,
    comments: null,
    lineItems: [{ id: 1, sequence: 1, code: null, description: null, qtyShipped: 1, uom: null, unitPrice: 1, discount: 0, tax: 0, grossLineTotal: 1 }],
  },
};

const opts = { payloadId: '1793000000000.0123456789abcdef@portal-host', now: new Date('2026-11-01T00:00:00Z'), timeZone: 'Australia/Sydney' };
const shipped = { order, payloadId: '1792000000000.fedcba9876543210@portal-host' };

const documents = {
  'complete OrderRequest': poDocument(order, opts),
  'sparse OrderRequest': poDocument(sparseOrder, opts),
  'complete ShipNoticeRequest': asnDocument(asn, shipped, opts),
  'sparse ShipNoticeRequest': asnDocument(sparseAsn, shipped, opts),
  'packed ShipNoticeRequest': asnDocument(packedAsn, shipped, opts),
  'complete InvoiceDetailRequest': invoiceDetailRequestCxml(invoice, opts),
  'sparse InvoiceDetailRequest': invoiceDetailRequestCxml(sparseInvoice, opts),
};

describe('cXML documents against the official DTDs', () => {
  it('the validator accepts the real reference samples and rejects a broken document', () => {
    const samples = readdirSync(join(CXML_DIR, 'samples'));
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(dtdErrors(readFileSync(join(CXML_DIR, 'samples', sample), 'utf8'))).toEqual([]);
    const broken = documents['complete OrderRequest'].replace(/<Classification domain="UNSPSC"\/>/g, '');
    expect(dtdErrors(broken).join('\n')).toMatch(/ItemDetail/);
  });

  it.each(Object.entries(documents))('%s validates against the DTD its DOCTYPE names', (_name, xml) => {
    expect(dtdErrors(xml)).toEqual([]);
  });

  it('each request names the DTD that declares it', () => {
    expect(declaredDtd(documents['complete OrderRequest'])).toBe('1.2.014/cXML.dtd');
    expect(declaredDtd(documents['sparse ShipNoticeRequest'])).toBe('1.2.050/Fulfill.dtd');
    expect(declaredDtd(documents['complete InvoiceDetailRequest'])).toBe('1.2.037/InvoiceDetail.dtd');
  });

  it('the shared secret is added for a cXML endpoint only, and the result still validates', () => {
    const xml = documents['complete ShipNoticeRequest'];
    expect(xml).not.toContain('SharedSecret');
    const sent = withSharedSecret(xml, 's3cr<t');
    expect(sent).toContain('<Sender><Credential domain="NetworkID"><Identity>SUPACMESCI01</Identity><SharedSecret>s3cr&lt;t</SharedSecret></Credential>');
    expect(dtdErrors(sent)).toEqual([]);
    expect(withSharedSecret(xml, null)).toBe(xml);
  });
});

describe('what the cXML documents say', () => {
  it("a packed ASN's items name their packages: SSCC, the pallet's SSCC above a carton, and how many each holds", () => {
    const xml = documents['packed ShipNoticeRequest'];
    const items = xml.split('<ShipNoticeItem ').slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(
      '<Packaging><PackagingCode xml:lang="en">carton</PackagingCode><PackagingLevelCode>inner</PackagingLevelCode><ShippingContainerSerialCode>006141410000000029</ShippingContainerSerialCode><ShippingContainerSerialCodeReference>006141410000000012</ShippingContainerSerialCodeReference><DispatchQuantity quantity="1"><UnitOfMeasure>BX</UnitOfMeasure></DispatchQuantity></Packaging>',
    );
    expect(items[0]).toContain('<PackageID><PackageTrackingID>PO-WM-1-S1-P3</PackageTrackingID></PackageID><DispatchQuantity quantity="0.5">');
    expect(items[1]).toContain('<DispatchQuantity quantity="2"><UnitOfMeasure>KGM</UnitOfMeasure></DispatchQuantity>');
    expect(items[1]).not.toContain('PackageTrackingID');
  });

  it('escapes every markup character, also an ampersand that already reads as an entity', () => {
    const xml = cxmlDocument(CXML_DTD.order, el('cXML', { payloadID: 'a"&amp;b' }, text('Comments', 'Tom &amp; Jerry &#38; <b> & co')));
    expect(xml).toContain('<cXML payloadID="a&quot;&amp;amp;b">');
    expect(xml).toContain('<Comments>Tom &amp;amp; Jerry &amp;#38; &lt;b&gt; &amp; co</Comments>');
    expect(cxmlDocument(CXML_DTD.order, el('cXML', {}, el('Empty')))).toContain('<cXML><Empty/></cXML>');
  });

  it('drops characters XML cannot carry', () => {
    expect(xmlText(`a<b>&"c"'\u0001\t`)).toBe(`a<b>&"c"'\t`);
  });

  it('writes dates with the offset of the zone, calendar dates as the start of that day', () => {
    expect(cxmlDateTime('2026-11-02', 'Australia/Sydney')).toBe('2026-11-02T00:00:00+11:00');
    expect(cxmlDateTime('2026-10-04', 'Australia/Sydney')).toBe('2026-10-04T00:00:00+10:00');
    expect(cxmlDateTime('2026-10-30T09:00:00.000Z', 'Australia/Sydney')).toBe('2026-10-30T20:00:00+11:00');
    expect(cxmlDateTime('2026-10-30T09:00:00.000Z')).toBe('2026-10-30T09:00:00+00:00');
  });

  it('sends an OrderRequest from the buyer to the supplier, the person as DeliverTo and units as Rec 20 codes', () => {
    const xml = documents['complete OrderRequest'];
    expect(xml).toContain(`<cXML payloadID="${opts.payloadId}" timestamp="2026-11-01T11:00:00+11:00" xml:lang="en-AU">`);
    expect(xml).toContain(
      '<Header><From><Credential domain="NetworkID"><Identity>UNIWESTMERE1</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>SUPACMESCI01</Identity></Credential></To><Sender><Credential domain="NetworkID"><Identity>UNIWESTMERE1</Identity></Credential>',
    );
    expect(xml).toContain('<OrderRequestHeader orderID="PO-WM-1&lt;2&gt;" orderDate="2026-10-30T20:00:00+11:00" type="new">');
    expect(xml).toContain('<Total><Money currency="AUD">16.50</Money></Total>');
    expect(xml).toContain(
      '<ShipTo><Address isoCountryCode="AU"><Name xml:lang="en">Bio21 "Store"</Name><PostalAddress><DeliverTo>Priya Raman</DeliverTo><Street>30 Flemington Rd</Street><City>Parkville</City><State>VIC</State><PostalCode>3052</PostalCode><Country isoCountryCode="AU">Australia</Country></PostalAddress>',
    );
    expect(xml).toContain('<Phone><TelephoneNumber><CountryCode isoCountryCode="AU">61</CountryCode><AreaOrCityCode>3</AreaOrCityCode><Number>9000 1111</Number></TelephoneNumber></Phone>');
    expect(xml).toContain('<Contact role="buyer"><Name xml:lang="en">Priya Raman</Name>');
    expect(xml).toContain('<ItemOut quantity="3" lineNumber="1"><ItemID><SupplierPartID>ACM-104522</SupplierPartID></ItemID>');
    expect(xml).toContain('<Description xml:lang="en">Tips &amp; tubes &lt;sterile&gt;</Description><UnitOfMeasure>BX</UnitOfMeasure>');
    expect(xml).toContain('<UnitOfMeasure>LTR</UnitOfMeasure>');
    expect(xml).toContain('<Extrinsic name="state">New</Extrinsic>');
    expect(poFileName(order)).toBe('PO-WM-1<2>.xml');
    expect(poFileName({ orderNo: '77' })).toBe('PO-77.xml');
  });

  it('a sparse order leaves out what it cannot say, and an unnamed unit counts pieces', () => {
    const xml = documents['sparse OrderRequest'];
    expect(xml).toContain('<BillTo><Address><Name xml:lang="en"/></Address></BillTo>');
    expect(xml).not.toContain('<Contact role="buyer">');
    expect(xml).toContain('<Description xml:lang="en"/><UnitOfMeasure>EA</UnitOfMeasure>');
  });

  it('refers a ship notice to its order by number, date and the OrderRequest payloadID, with each item', () => {
    const xml = documents['complete ShipNoticeRequest'];
    expect(xml).toContain('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.050/Fulfill.dtd">');
    expect(xml).toContain(
      '<ShipNoticeHeader shipmentID="PO-WM-1-S1" operation="new" noticeDate="2026-11-01T00:00:00+11:00" shipmentDate="2026-11-02T00:00:00+11:00" deliveryDate="2026-11-04T00:00:00+11:00">',
    );
    expect(xml).toContain('<Contact role="shipFrom"><Name xml:lang="en">Bio21 "Store"</Name><PostalAddress><DeliverTo>Priya Raman</DeliverTo>');
    expect(xml).toContain('<ShipControl><CarrierIdentifier domain="companyName">StarTrack</CarrierIdentifier><ShipmentIdentifier>ST1</ShipmentIdentifier></ShipControl>');
    expect(xml).toContain(`<OrderReference orderID="PO-WM-1&lt;2&gt;" orderDate="2026-10-30T20:00:00+11:00"><DocumentReference payloadID="${shipped.payloadId}"/></OrderReference>`);
    expect(xml).toContain(
      '<ShipNoticeItem quantity="1.5" lineNumber="1"><ItemID><SupplierPartID>ACM-104522</SupplierPartID></ItemID><ShipNoticeItemDetail><Description xml:lang="en">Tips &amp; tubes &lt;sterile&gt;</Description></ShipNoticeItemDetail><UnitOfMeasure>BX</UnitOfMeasure></ShipNoticeItem>',
    );
    expect(xml).toContain('<UnitOfMeasure>KGM</UnitOfMeasure>');
    expect(asnFileName(asn)).toBe('ASN-PO-WM-1-S1.xml');
  });

  it('a sparse ship notice keeps the carrier without a tracking id and dates the notice by its creation', () => {
    const xml = documents['sparse ShipNoticeRequest'];
    expect(xml).toContain('<ShipNoticeHeader shipmentID="PO-WM-1-S1" operation="new" noticeDate="2026-11-01T21:00:00+11:00">');
    expect(xml).toContain('<ShipControl><CarrierIdentifier domain="companyName">StarTrack</CarrierIdentifier><ShipmentIdentifier/></ShipControl>');
    expect(xml).toContain('<Contact role="shipFrom"><Name xml:lang="en"/></Contact>');
    expect(xml).toContain('<ShipNoticeItem quantity="1" lineNumber="5"><UnitOfMeasure>EA</UnitOfMeasure></ShipNoticeItem>');
  });

  it('sends an invoice from the supplier to the buyer as a standard invoice referring to the order sent', () => {
    const xml = documents['complete InvoiceDetailRequest'];
    expect(xml).toContain('<From><Credential domain="NetworkID"><Identity>SUPACMESCI01</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>UNIWESTMERE1</Identity></Credential></To>');
    expect(xml).toContain('<InvoiceDetailRequestHeader invoiceID="INV-1001" purpose="standard" operation="new" invoiceDate="2026-11-03T00:00:00+11:00">');
    expect(xml).toContain('<OrderReference orderID="PO-WM-1"><DocumentReference payloadID="1790000000000.abc@portal"/></OrderReference>');
    expect(xml.indexOf('invoiceLineNumber="1"')).toBeLessThan(xml.indexOf('invoiceLineNumber="2"'));
    expect(xml).toContain('<InvoiceDetailItem invoiceLineNumber="2" quantity="4"><UnitOfMeasure>PK</UnitOfMeasure><UnitPrice><Money currency="AUD">12.50</Money></UnitPrice>');
    expect(xml).toContain('<InvoiceDetailDiscount><Money currency="AUD">5.00</Money></InvoiceDetailDiscount><NetAmount><Money currency="AUD">49.50</Money></NetAmount>');
    expect(xml).toContain('<Comments xml:lang="en">Thanks &amp; regards</Comments>');
    const sparse = documents['sparse InvoiceDetailRequest'];
    expect(sparse).toContain('<From><Credential domain="SupplierCode"><Identity/></Credential></From>');
    expect(sparse).toContain('<InvoiceDetailOrderInfo><OrderIDInfo orderID=""/></InvoiceDetailOrderInfo>');
  });
});
