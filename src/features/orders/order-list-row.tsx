import { createLink, useNavigate } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { formatDateOnly } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import type { OrderRow } from '../../sync/rows';
import { VisuallyHidden } from '../../ui/page';
import { Cell, NumberCell, Row, RowLink } from './order-list.styles';
import { counterpartName } from './use-order-perspective';

const OrderLink = createLink(RowLink);

interface OrderListRowProps {
  order: OrderRow;
  side: 'seller' | 'buyer';
  orgId: string;
  index: number;
  style: CSSProperties;
}

/**
 * One order: the whole row opens it for a pointer, and its first cell is a real link,
 * so the keyboard and screen readers reach it too. Unread rows are bold and say so.
 */
export function OrderListRow({ order, side, orgId, index, style }: OrderListRowProps) {
  const navigate = useNavigate();
  const params = { orgid: orgId, orderid: String(order.key) };
  const unread = order.read === false;
  return (
    <Row
      role="row"
      aria-rowindex={index + 2}
      data-unread={unread}
      $unread={unread}
      style={style}
      onClick={() => void navigate({ to: '/app/orders/$orgid/order/$orderid', params })}
    >
      <Cell role="cell">
        <OrderLink to="/app/orders/$orgid/order/$orderid" params={params} onClick={(event) => event.stopPropagation()}>
          {formatDateOnly(order.orderDate)}
          <VisuallyHidden>
            {` order ${order.orderNo ?? ''}`}
            {unread ? ', unread' : ''}
          </VisuallyHidden>
        </OrderLink>
      </Cell>
      <NumberCell role="cell">
        {formatMoney(order.orderTotalExtTax)} {order.orderTotalCurrency ?? ''}
      </NumberCell>
      <Cell role="cell">{String(order.raisedBy ?? '')}</Cell>
      <Cell role="cell">{counterpartName(side, order)}</Cell>
      <Cell role="cell">{order.state ?? ''}</Cell>
    </Row>
  );
}
