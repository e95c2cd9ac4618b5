import { createLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SEARCH_DELAY_MS } from '../../domain/constants';
import { formatDateOnly } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import { useOrderList } from '../../local/hooks/use-orders';
import type { OrderRow } from '../../local/db/store-rows';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';
import { Field } from '../../ui/field/Field';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value';
import { VisuallyHidden } from '../../ui/page';
import { FilterBar, OfflineNote, RowLink } from './order-list.styles';
import { counterpartName, type OrderPerspective } from './use-order-perspective';

const OrderLink = createLink(RowLink);

function columns(perspective: OrderPerspective): Column<OrderRow>[] {
  const params = (order: OrderRow) => ({ orgid: perspective.orgId, orderid: String(order.key) });
  return [
    {
      id: 'date',
      header: 'Order Date',
      minWidth: 110,
      kind: 'number',
      // A real link, so the keyboard and screen readers reach the order as well as a pointer.
      cell: (order) => (
        <OrderLink to="/app/orders/$orgid/order/$orderid" params={params(order)}>
          {formatDateOnly(order.orderDate)}
          <VisuallyHidden>{` order ${order.orderNo ?? ''}${order.read === false ? ', unread' : ''}`}</VisuallyHidden>
        </OrderLink>
      ),
    },
    { id: 'total', header: 'Order Total', minWidth: 132, align: 'end', cell: (o) => `${formatMoney(o.orderTotalExtTax)} ${o.orderTotalCurrency ?? ''}` },
    { id: 'raisedBy', header: 'Raised By User', minWidth: 120, priority: 3, cell: (o) => String(o.raisedBy ?? '') },
    { id: 'counterpart', header: perspective.counterpartLabel, minWidth: 170, priority: 2, cell: (o) => counterpartName(perspective.side, o) },
    { id: 'state', header: 'State', minWidth: 112, cell: (o) => o.state ?? '' },
  ];
}

/**
 * The orders of the perspective's organisation. Typing filters the mirrored rows at
 * once; the server search waits for a pause (the spec's delay) and its rows join in.
 * The next page is asked for when the last row comes into view.
 */
export function OrderList({ perspective, height }: { perspective: OrderPerspective; height?: string }) {
  const [filter, setFilter] = useState('');
  const searched = useDebouncedValue(filter, SEARCH_DELAY_MS);
  const { orders, loadMore, loading, exhausted, failed } = useOrderList(perspective.scope, filter, searched);
  const navigate = useNavigate();

  return (
    <>
      <FilterBar>
        <Field label="PO#" type="search" inputMode="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </FilterBar>
      {failed && <OfflineNote role="status">The server could not be reached: these are the orders saved on this device.</OfflineNote>}
      <DataTable
        label="Orders"
        rows={orders}
        columns={columns(perspective)}
        rowKey={(order) => String(order.key)}
        rowState={(order) => ({ bold: order.read === false })}
        onActivate={(order) => void navigate({ to: '/app/orders/$orgid/order/$orderid', params: { orgid: perspective.orgId, orderid: String(order.key) } })}
        loadMore={loadMore}
        loadMoreAt={1}
        loading={loading}
        exhausted={exhausted || failed}
        loadingText="Loading orders…"
        height={height}
      />
    </>
  );
}
