import { describe, expect, it } from 'vitest';
import type { Asn } from '../../src/domain/schemas/asn';
import { emptyAddress, type Order } from '../../src/domain/schemas/orders';
import { asnDocument, asnFileName } from '../../server/edi/asn-document';
import { escapeXml } from '../../server/edi/cxml';
import { poDocument, poFileName } from '../../server/edi/po-document';

const address = { ...emptyAddress(), name: 'Bio21 "Store"', postalAddressStreet: '30 Flemington Rd', postalAddressCity: 'Parkville', postalAddressCountryCode: 'AU', postalAddressCountryName: 'Australia', phoneCountryCode: '61', phoneAreaCode: '3', phoneNumber: '9000 1111' };

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
  contact: address,
  billTo: address,
  shipTo: address,
  lines: [{ id: 1, number: 1, supplierProductCode: 'ACM-104522', description: 'Tips & tubes <sterile>\u0007', quantity: 3, uom: 'BX', unitPrice: 5, priceCurreny: 'AUD', taxLine: 1.5, taxLineCurrency: 'AUD', lineComment: '' }],
};

describe('cXML documents', () => {
  it('escapes text and attributes and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c"'\u0001\t`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;\t');
  });

  it('writes an OrderRequest with header, totals and items', () => {
    const xml = poDocument(order, { timestamp: '2026-11-01T00:00:00Z', payloadId: 'p1' });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<cXML payloadID="p1" timestamp="2026-11-01T00:00:00Z" xml:lang="en-AU">');
    expect(xml).toContain('<OrderRequestHeader orderID="PO-WM-1&lt;2&gt;" orderDate="2026-10-30T09:00:00.000Z" type="new">');
    expect(xml).toContain('<Total><Money currency="AUD">16.50</Money></Total>');
    expect(xml).toContain('<ItemOut quantity="3" lineNumber="1"><ItemID><SupplierPartID>ACM-104522</SupplierPartID></ItemID>');
    expect(xml).toContain('<Description xml:lang="en">Tips &amp; tubes &lt;sterile&gt;</Description>');
    expect(xml).toContain('<Name xml:lang="en">Bio21 &quot;Store&quot;</Name>');
    expect(xml).toContain('<Country isoCountryCode="AU">Australia</Country>');
    expect(poFileName(order)).toBe('PO-PO-WM-1<2>.xml');
  });

  it('writes a ShipNoticeRequest with carrier, tracking and items', () => {
    const asn: Asn = {
      id: 9,
      shipmentId: 'PO-WM-1-S1',
      createdDate: '2026-11-01T10:00:00.000Z',
      noticeDate: '2026-11-01',
      deliveryDate: '2026-11-04',
      shipmentDate: '2026-11-02',
      carrierName: 'StarTrack',
      trackingId: 'ST1',
      shipFrom: address,
      shipTo: address,
      lines: [{ number: 1, quantity: 1.5, uom: 'BX' }],
      orderNumber: 'PO-WM-1',
      orderId: 1,
      sellerId: 'SUPACMESCI01',
      buyerId: 'UNIWESTMERE1',
      exported: false,
      waitingForAction: true,
      state: 'SUBMITTED',
    };
    const xml = asnDocument(asn);
    expect(xml).toContain('<ShipNoticeHeader shipmentID="PO-WM-1-S1" operation="new" noticeDate="2026-11-01" shipmentDate="2026-11-02" deliveryDate="2026-11-04">');
    expect(xml).toContain('<Contact role="shipFrom"><Name xml:lang="en">');
    expect(xml).toContain('<ShipControl><CarrierIdentifier domain="companyName">StarTrack</CarrierIdentifier><ShipmentIdentifier>ST1</ShipmentIdentifier></ShipControl>');
    expect(xml).toContain('<ShipNoticeItem quantity="1.5" lineNumber="1"><UnitOfMeasure>BX</UnitOfMeasure></ShipNoticeItem>');
    expect(asnFileName(asn)).toBe('ASN-PO-WM-1-S1.xml');
  });
});
