import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateOnly } from '../../domain/dates';
import { messages } from '../../domain/messages';
import { can } from '../../domain/roles';
import { useOrder } from '../../local/hooks/use-orders';
import { exportOrder } from '../../local/mutations/export-documents';
import { markOrderRead } from '../../local/mutations/mark-read';
import type { OrderLineRow, OrderRow } from '../../local/db/store-rows';
import { Facts, MutedText, Notice, PageTitle } from '../../ui/page';
import { AsnDrawer } from './asn-drawer';
import { Section, SectionTitle } from './order-detail.styles';
import { OrderAddresses } from './order-addresses';
import { OrderHistoryDrawer } from './order-history-drawer';
import { OrderLinesTable } from './order-lines-table';
import { OrderPrintStyle } from './print-style';
import { OrderToolbar, type OrderDrawer } from './order-toolbar';
import { OrderTotals } from './order-totals';
import { OrdersListDrawer } from './orders-list-drawer';
import { counterpartName, type OrderPerspective } from './use-order-perspective';
import { useExportAction } from './use-export-action';

interface OrderDetailProps {
  perspective: OrderPerspective;
  orderId: string;
}

/** The order list holds orders without their addresses and lines; opening one fetches those. */
const holdsDetail = (data: { order: OrderRow; lines: OrderLineRow[] }) => data.lines.length > 0 || data.order.shipTo !== undefined;

/**
 * One order as the store holds it. While a never-seen order (or one known only from
 * the list, without its lines) is being fetched it says so, rather than showing an
 * order without lines that a moment later has some; 'Unknown Order' only once the
 * server said there is no such order, and offline with nothing held it says that
 * instead of pretending the order does not exist.
 */
export function OrderDetail({ perspective, orderId }: OrderDetailProps) {
  const { data, fetchState } = useOrder(perspective.scope, orderId);

  const fetching = fetchState === 'loading' || fetchState === 'found';
  if (data === undefined || (fetching && (data === null || !holdsDetail(data)))) {
    return <MutedText role="status">Loading order…</MutedText>;
  }
  if (data === null) {
    return fetchState === 'unknown' ? (
      <Notice role="alert">{messages.unknownOrder}</Notice>
    ) : (
      <Notice role="alert">This order is not saved on this device and the server cannot be reached. Connect and open it again.</Notice>
    );
  }
  return <LoadedOrder perspective={perspective} order={data.order} lines={data.lines} />;
}

interface LoadedOrderProps {
  perspective: OrderPerspective;
  order: OrderRow;
  lines: OrderLineRow[];
}

function LoadedOrder({ perspective, order, lines }: LoadedOrderProps) {
  const { scope, side, orgId, viewer, counterpartLabel } = perspective;
  const orderId = order.key;
  const [drawer, setDrawer] = useState<OrderDrawer | null>(null);
  const queueOrderExport = useCallback(() => exportOrder(orgId, orderId), [orgId, orderId]);
  const exportAction = useExportAction(orgId, queueOrderExport, messages.orderExported);

  // Opening an order marks it read, once per visit; offline the mark waits in the outbox.
  const marked = useRef(false);
  useEffect(() => {
    if (order.read === false && !marked.current) {
      marked.current = true;
      void markOrderRead(scope, orderId);
    }
  }, [order.read, scope, orderId]);

  const closeDrawer = (open: boolean) => !open && setDrawer(null);
  const mayExport = side === 'seller' && can(viewer, 'exportOrder') && order.canExport === true;

  return (
    <>
      <OrderPrintStyle />
      <PageTitle>Order {order.orderNo}</PageTitle>
      <OrderToolbar onOpen={setDrawer} exportAction={mayExport ? exportAction : null} />
      <Facts>
        <div>
          <dt>Order Number</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>Order Date</dt>
          <dd>{formatDateOnly(order.orderDate)}</dd>
        </div>
        <div>
          <dt>{counterpartLabel}</dt>
          <dd>{counterpartName(side, order)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{order.state}</dd>
        </div>
      </Facts>
      <Section aria-label="Addresses">
        <OrderAddresses
          shipTo={order.shipTo}
          billTo={order.billTo}
          contact={order.contact}
        />
      </Section>
      <Section>
        <SectionTitle>Lines</SectionTitle>
        <OrderLinesTable lines={lines} />
        <OrderTotals order={order} />
      </Section>
      <AsnDrawer open={drawer === 'asn'} onOpenChange={closeDrawer} perspective={perspective} order={order} lines={lines} />
      <OrdersListDrawer open={drawer === 'orders'} onOpenChange={closeDrawer} perspective={perspective} />
      <OrderHistoryDrawer open={drawer === 'history'} onOpenChange={closeDrawer} scope={scope} orderId={orderId} />
    </>
  );
}
