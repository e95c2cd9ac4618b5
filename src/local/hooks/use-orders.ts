import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { newestFirst } from '../../domain/dates';
import { isServerAsn, type OrderRow, type ServerAsnRow } from '../../sync/rows';
import { localDatabase } from '../db/current-database';
import { mirror } from '../sync-start/engine-handle';
import { useOffsetMirror, type OffsetMirror } from './use-offset-mirror';
import { useOnline } from './use-sync-state';

const byDateDesc = (a: OrderRow, b: OrderRow) => newestFirst(a.orderDate, b.orderDate);

/**
 * The order list of one scope (`seller:ID` or `buyer:ID`), newest first, filtered by
 * PO number. Renders what the store holds at once, filtered by `orderNumberLike` as
 * typed; asks the engine for pages of `serverFilter`, which a screen lets settle first
 * (the spec delays server searches) and which defaults to the same text.
 */
export function useOrderList(
  scope: string,
  orderNumberLike = '',
  serverFilter = orderNumberLike,
): OffsetMirror & { orders: OrderRow[] | undefined } {
  const filter = orderNumberLike.trim().toLowerCase();
  const searched = serverFilter.trim().toLowerCase();
  const orders = useLiveQuery(async () => {
    const rows = await localDatabase().orders.where('[scope+key]').between([scope, ''], [scope, '\uffff']).toArray();
    return rows.filter((o) => !filter || o.orderNo.toLowerCase().includes(filter)).sort(byDateDesc);
  }, [scope, filter]);
  const paging = useOffsetMirror((offset) => mirror('orderPage', scope, offset, searched || undefined), `${scope}|${searched}`);
  return { orders, ...paging };
}

/**
 * How the last fetch of one order went. `loading` while the first answer is awaited;
 * `unknown` when the server said 404; `unreachable` when it could not be asked
 * (offline, server down), so a screen holding nothing can say why.
 */
export type OrderFetchState = 'loading' | 'found' | 'unknown' | 'unreachable';

function useOrderFetch(scope: string, orderId: string): OrderFetchState {
  const [result, setResult] = useState<{ key: string; state: OrderFetchState } | null>(null);
  const key = `${scope}|${orderId}`;
  const online = useOnline();
  useEffect(() => {
    let live = true;
    const settle = (state: OrderFetchState) => live && setResult({ key, state });
    const pending = mirror('order', scope, orderId);
    if (!pending) settle('unreachable');
    else pending.then(({ found }) => settle(found ? 'found' : 'unknown'), () => settle('unreachable'));
    return () => {
      live = false;
    };
    // `online` asks again when the connection comes back.
  }, [scope, orderId, key, online]);
  return result?.key === key ? result.state : 'loading';
}

/**
 * One order with its lines (`undefined` while the store is read, `null` when it holds
 * no such order) and how fetching the server's copy went.
 */
export function useOrder(scope: string, orderId: string) {
  const fetchState = useOrderFetch(scope, orderId);
  const data = useLiveQuery(async () => {
    const db = localDatabase();
    const order = await db.orders.get([scope, orderId]);
    if (!order) return null;
    const lines = await db.orderLines.where('[scope+orderId]').equals([scope, orderId]).toArray();
    lines.sort((a, b) => a.number - b.number);
    return { order, lines };
  }, [scope, orderId]);
  return { data, fetchState };
}

/**
 * The ASNs of one order (by order number), mirrored page by page like a list; the
 * provisional rows of pending submits are left out, since their drafts show them.
 */
export function useOrderAsns(scope: string, orderNumber: string | undefined): OffsetMirror & { asns: ServerAsnRow[] | undefined } {
  const asns = useLiveQuery(async () => {
    if (!orderNumber) return [];
    const rows = await localDatabase().asns.where('[scope+orderNumber]').equals([scope, orderNumber]).toArray();
    return rows.filter(isServerAsn).sort((a, b) => newestFirst(a.createdDate, b.createdDate));
  }, [scope, orderNumber]);
  const paging = useOffsetMirror(
    (offset) => (orderNumber ? mirror('asnPage', scope, offset, orderNumber) : undefined),
    `${scope}|${orderNumber ?? ''}`,
  );
  return { asns, ...paging };
}
