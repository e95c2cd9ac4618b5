import type { Asn } from '../../src/domain/schemas/asn';
import { contact, el, envelope, text } from './cxml';

/** An advance ship notice as a cXML ShipNoticeRequest, sent from the supplier to the buyer. */
export function asnDocument(asn: Asn, opts: { timestamp?: string; payloadId?: string } = {}): string {
  const header = el(
    'ShipNoticeHeader',
    {
      shipmentID: asn.shipmentId,
      operation: 'new',
      noticeDate: asn.noticeDate,
      shipmentDate: asn.shipmentDate,
      deliveryDate: asn.deliveryDate,
    },
    contact('shipFrom', asn.shipFrom),
    contact('shipTo', asn.shipTo),
  );
  const control =
    asn.carrierName || asn.trackingId
      ? el(
          'ShipControl',
          {},
          text('CarrierIdentifier', asn.carrierName, { domain: 'companyName' }),
          text('ShipmentIdentifier', asn.trackingId),
        )
      : null;
  const portion = el(
    'ShipNoticePortion',
    {},
    el('OrderReference', { orderID: asn.orderNumber }, el('DocumentReference', { payloadID: asn.orderNumber })),
    ...asn.lines.map((line) =>
      el('ShipNoticeItem', { quantity: line.quantity, lineNumber: line.number }, text('UnitOfMeasure', line.uom)),
    ),
  );
  return envelope({
    from: asn.sellerId,
    to: asn.buyerId,
    request: el('ShipNoticeRequest', {}, header, control, portion),
    ...opts,
  });
}

export function asnFileName(asn: Pick<Asn, 'shipmentId'>): string {
  return `ASN-${asn.shipmentId}.xml`;
}
