import { describe, expect, it } from 'vitest';
import { findShipments, type ReceivableShipment } from '../../src/domain/scan/receive-lookup';

const shipments: ReceivableShipment[] = [
  { key: '1', shipmentId: 'PO-7-S1', orderNumber: 'PO-7', ssccs: ['106141411234567897'], barcodes: ['9300000000019'] },
  { key: '2', shipmentId: 'PO-7-S2', orderNumber: 'PO-7', ssccs: [], barcodes: ['9300000000019', '09300000000026'] },
  { key: '3', shipmentId: '4500012345-S1', orderNumber: '4500012345', ssccs: [], barcodes: [] },
];

describe('findShipments', () => {
  it('finds the ASN of a package label, read as GS1-128 with its symbology identifier or typed bare', () => {
    expect(findShipments(']C100106141411234567897', shipments)).toEqual({ kind: 'package', sscc: '106141411234567897', keys: ['1'] });
    expect(findShipments('(00)106141411234567897', shipments)).toEqual({ kind: 'package', sscc: '106141411234567897', keys: ['1'] });
    expect(findShipments('006141411234567890', shipments)).toEqual({ kind: 'package', sscc: '006141411234567890', keys: [] });
  });

  it('finds the ASNs shipping a product by any of its barcodes (EAN-13 against GTIN-14)', () => {
    expect(findShipments('9300000000019', shipments)).toEqual({ kind: 'product', code: '9300000000019', keys: ['1', '2'] });
    expect(findShipments('9300000000026', shipments)).toEqual({ kind: 'product', code: '9300000000026', keys: ['2'] });
    expect(findShipments('9300000000033', shipments)).toEqual({ kind: 'product', code: '9300000000033', keys: [] });
  });

  it('finds the ASNs of a typed order number or shipment id, digits included, and says what could not be read', () => {
    expect(findShipments(' po-7 ', shipments)).toEqual({ kind: 'order', text: 'po-7', keys: ['1', '2'] });
    expect(findShipments('PO-7-S2', shipments)).toEqual({ kind: 'order', text: 'PO-7-S2', keys: ['2'] });
    expect(findShipments('4500012345', shipments)).toEqual({ kind: 'order', text: '4500012345', keys: ['3'] });
    expect(findShipments(']C1(00)12', shipments).kind).toBe('invalid');
  });
});
