import type { Asn } from '../../src/domain/schemas/asn';
import type { Order } from '../../src/domain/schemas/orders';
import { rec20Code } from '../../src/domain/uom';
import { CXML_DTD, type CxmlDocumentOptions, description, el, envelope, placeContact, portalCredential, text } from './cxml';
import { cxmlDateTime } from './cxml-dates';

/** What a ship notice says about the order it ships: its date, its OrderRequest's payloadID and its lines' items. */
export interface ShippedOrder {
  order: Pick<Order, 'orderNo' | 'orderDate' | 'lines'>;
  /** The payloadID of the order's OrderRequest (payload-ids.ts). */
  payloadId: string;
}

/**
 * An advance ship notice as a cXML ShipNoticeRequest (declared in Fulfill.dtd), sent
 * from the supplier to the buyer and referring to the order's OrderRequest.
 */
export function asnDocument(asn: Asn, shipped: ShippedOrder, opts: CxmlDocumentOptions): string {
  const zone = opts.timeZone;
  const date = (value: string) => (value ? cxmlDateTime(value, zone) : null);
  const header = el(
    'ShipNoticeHeader',
    {
      shipmentID: asn.shipmentId,
      operation: 'new',
      noticeDate: date(asn.noticeDate) ?? cxmlDateTime(asn.createdDate, zone),
      shipmentDate: date(asn.shipmentDate),
      deliveryDate: date(asn.deliveryDate),
    },
    placeContact('shipFrom', asn.shipFrom),
    placeContact('shipTo', asn.shipTo),
  );
  // ShipControl needs both a carrier and a shipment id: one known without the other is written with the other empty.
  const control =
    asn.carrierName || asn.trackingId
      ? el(
          'ShipControl',
          {},
          text('CarrierIdentifier', asn.carrierName, { domain: 'companyName' }) ?? el('CarrierIdentifier', { domain: 'companyName' }),
          text('ShipmentIdentifier', asn.trackingId) ?? el('ShipmentIdentifier'),
        )
      : null;
  const orderLines = new Map(shipped.order.lines.map((line) => [line.number, line]));
  const packages = asn.packages ?? [];
  // Each package that holds a line, as the line's Packaging: its SSCC, the SSCC of the pallet it sits on, how many it holds.
  const packagingOf = (line: Asn['lines'][number], uom: string) =>
    packages.flatMap((pkg, index) => {
      const held = pkg.lines.filter((l) => l.number === line.number).reduce((sum, l) => sum + l.quantity, 0);
      if (held <= 0) return [];
      const parent = pkg.parent === null ? undefined : packages[pkg.parent];
      return [
        el(
          'Packaging',
          {},
          text('PackagingCode', pkg.kind, { 'xml:lang': 'en' }),
          text('PackagingLevelCode', pkg.kind === 'pallet' ? 'outer' : 'inner'),
          pkg.sscc ? text('ShippingContainerSerialCode', pkg.sscc) : null,
          parent?.sscc ? text('ShippingContainerSerialCodeReference', parent.sscc) : null,
          pkg.sscc ? null : el('PackageID', {}, text('PackageTrackingID', `${asn.shipmentId}-P${index + 1}`)),
          el('DispatchQuantity', { quantity: held }, text('UnitOfMeasure', uom)),
        ),
      ];
    });
  const portion = el(
    'ShipNoticePortion',
    {},
    el(
      'OrderReference',
      { orderID: shipped.order.orderNo, orderDate: cxmlDateTime(shipped.order.orderDate, zone) },
      el('DocumentReference', { payloadID: shipped.payloadId }),
    ),
    ...asn.lines.map((line) => {
      const ordered = orderLines.get(line.number);
      return el(
        'ShipNoticeItem',
        { quantity: line.quantity, lineNumber: line.number },
        ordered ? el('ItemID', {}, text('SupplierPartID', ordered.supplierProductCode) ?? el('SupplierPartID')) : null,
        ordered?.description ? el('ShipNoticeItemDetail', {}, description(ordered.description)) : null,
        text('UnitOfMeasure', rec20Code(line.uom || ordered?.uom || '')),
        ...packagingOf(line, rec20Code(line.uom || ordered?.uom || '')),
      );
    }),
  );
  return envelope({
    dtd: CXML_DTD.shipNotice,
    from: portalCredential(asn.sellerId),
    to: portalCredential(asn.buyerId),
    request: el('ShipNoticeRequest', {}, header, control, portion),
    payloadId: opts.payloadId,
    timestamp: cxmlDateTime(opts.now, zone),
  });
}

export function asnFileName(asn: Pick<Asn, 'shipmentId'>): string {
  return `ASN-${asn.shipmentId}.xml`;
}
