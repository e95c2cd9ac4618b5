import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { OrderLineRow, OrderRow } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import { syncEngine } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';

const byDateDesc = (a: OrderRow, b: OrderRow) => String(b.orderDate ?? '').localeCompare(String(a.orderDate ?? ''));

/**
 * The order list of one scope (`seller:ID` or `buyer:ID`), newest first, filtered by
 * PO number. Renders what the store holds at once; asks the engine for pages.
 */
export function useOrderList(scope: string, orderNumberLike = ''): OffsetMirror & { orders: OrderRow[] | undefined } {
  const filter = orderNumberLike.trim().toLowerCase();
  const orders = useLiveQuery(async () => {
    const rows = (await localDatabase().orders.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray()) as OrderRow[];
    return rows.filter((o) => !filter || String(o.orderNo ?? '').toLowerCase().includes(filter)).sort(byDateDesc);
  }, [scope, filter]);
  const paging = useOffsetMirror((offset) => syncEngine()?.mirrorOrderPage(scope, offset, filter || undefined), `${scope}|${filter}`);
  return { orders, ...paging };
}

/** One order with its lines; `undefined` while loading, `null` when the store has no such order. */
export function useOrder(scope: string, orderId: string) {
  useEffect(() => {
    void syncEngine()?.mirrorOrder(scope, orderId).catch(() => undefined);
  }, [scope, orderId]);
  return useLiveQuery(async () => {
    const db = localDatabase();
    const order = (await db.orders.get([scope, orderId])) as OrderRow | undefined;
    if (!order) return null;
    const lines = (await db.orderLines.where('[scope+orderId]').equals([scope, orderId]).toArray()) as OrderLineRow[];
    lines.sort((a, b) => Number(a.number ?? 0) - Number(b.number ?? 0));
    return { order, lines };
  }, [scope, orderId]);
}

/** The ASNs of one order (by order number), the provisional ones of pending submits included. */
export function useOrderAsns(scope: string, orderNumber: string | undefined) {
  return useLiveQuery(
    () => (orderNumber ? localDatabase().asns.where('[scope+orderNumber]').equals([scope, orderNumber]).toArray() : []),
    [scope, orderNumber],
  );
}
