import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { newestFirst } from '../../domain/dates';
import type { ReceivableShipment } from '../../domain/scan/receive-lookup';
import { heldProduct } from '../../sync/product-chunks';
import { isServerAsn, type OrderLineRow, type ServerAsnRow } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';
import { useOnline } from './use-sync-state';

export interface ReceivingShipment extends ReceivableShipment {
  asn: ServerAsnRow;
  /** The order's lines, when this device holds them (the order was opened here once). */
  orderLines: OrderLineRow[];
}

/**
 * The submitted ASNs a buyer may receive, as this device holds them (the changes feed
 * keeps every ASN of the buyer's orders), newest first, each with its order's lines
 * and the barcodes of the products it ships (carried on the ASN's lines, and from the
 * catalogue mirror when this device holds the supplier's catalogue), so a scan at the
 * dock finds its shipment offline. Online the newest page of ASNs is asked for too.
 */
export function useReceivingShipments(scope: string): OffsetMirror & { shipments: ReceivingShipment[] | undefined } {
  const shipments = useLiveQuery(async () => {
    const db = localDatabase();
    const rows = await db.asns.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    const asns = rows.filter(isServerAsn).filter((a) => a.state === 'SUBMITTED');
    asns.sort((a, b) => newestFirst(a.createdDate, b.createdDate));
    const orderIds = [...new Set(asns.map((a) => String(a.orderId)))];
    const lines = await Promise.all(orderIds.map((id) => db.orderLines.where('[scope+orderId]').equals([scope, id]).toArray()));
    const linesOf = new Map(orderIds.map((id, i) => [id, lines[i]!.sort((x, y) => x.number - y.number)]));
    const barcodes = new Map<string, string[]>();
    for (const asn of asns) {
      for (const line of linesOf.get(String(asn.orderId)) ?? []) {
        const product = `${asn.sellerId}\n${line.supplierProductCode}`;
        if (barcodes.has(product)) continue;
        const held = await heldProduct(db, scope, asn.sellerId, String(line.supplierProductCode ?? ''));
        barcodes.set(product, (held?.barcodes ?? []).map((b) => b.code));
      }
    }
    return asns.map((asn): ReceivingShipment => {
      const orderLines = linesOf.get(String(asn.orderId)) ?? [];
      const shipped = new Set(asn.lines.map((l) => l.number));
      return {
        key: asn.key,
        shipmentId: asn.shipmentId,
        orderNumber: asn.orderNumber,
        ssccs: (asn.packages ?? []).flatMap((p) => (p.sscc ? [p.sscc] : [])),
        barcodes: [
          // What the server read from the supplier's catalogue with the ASN: known without that catalogue here.
          ...asn.lines.flatMap((l) => l.barcodes ?? []),
          // And what this device's copy of the catalogue adds, when it holds one (a barcode added since).
          ...orderLines.filter((l) => shipped.has(l.number)).flatMap((l) => barcodes.get(`${asn.sellerId}\n${l.supplierProductCode}`) ?? []),
        ],
        asn,
        orderLines,
      };
    });
  }, [scope]);
  const paging = useOffsetMirror((offset) => mirror('asnPage', scope, offset), scope);
  useOrdersOfShipments(scope, shipments);
  return { shipments, ...paging };
}

/** Orders whose lines are fetched ahead, at most, each time the screen is shown online. */
const ORDERS_AHEAD = 25;

/**
 * The lines of the orders of shipments not yet received, fetched while online, so their
 * product codes show and their products' barcodes are known at the dock offline later.
 */
function useOrdersOfShipments(scope: string, shipments: readonly ReceivingShipment[] | undefined) {
  const online = useOnline();
  const missing = (shipments ?? []).filter((s) => s.orderLines.length === 0 && (s.asn.receipts ?? []).length === 0).map((s) => String(s.asn.orderId));
  const wanted = [...new Set(missing)].slice(0, ORDERS_AHEAD).join(',');
  useEffect(() => {
    if (!online || wanted === '') return;
    let live = true;
    void (async () => {
      // One after another: the dock's screen never floods the server.
      for (const orderId of wanted.split(',')) {
        if (!live) return;
        await mirror('order', scope, orderId)?.catch(() => undefined);
      }
    })();
    return () => {
      live = false;
    };
  }, [scope, wanted, online]);
}
