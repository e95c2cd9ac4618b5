import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DELAY_MS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { useOrderList } from '../../local/hooks/use-orders';
import { Field } from '../../ui/field/Field';
import { Body, FilterBar, HeaderCell, HeaderRow, Status, Viewport } from './order-list.styles';
import { OrderListRow } from './order-list-row';
import type { OrderPerspective } from './use-order-perspective';
import { useDebouncedValue } from './use-debounced-value';

const ROW_HEIGHT = 56;

/**
 * The orders of the perspective's organisation. Typing filters the mirrored rows at
 * once; the server search waits for a pause (the spec's delay) and its rows join in.
 * The list is virtualised; the row after the last one asks for the next page.
 */
export function OrderList({ perspective }: { perspective: OrderPerspective }) {
  const [filter, setFilter] = useState('');
  const searched = useDebouncedValue(filter, SEARCH_DELAY_MS);
  const { orders, loadMore, loading, exhausted, failed } = useOrderList(perspective.scope, filter, searched);
  const viewport = useRef<HTMLDivElement>(null);

  const count = orders?.length ?? 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length > 0 ? items[items.length - 1]!.index : -1;

  // The spec's trigger: the last row came into view. A short page ends it until the list is reopened.
  useEffect(() => {
    if (count > 0 && lastShown === count - 1 && !loading && !exhausted && !failed) loadMore();
  }, [lastShown, count, loading, exhausted, failed, loadMore]);

  const firstLoad = orders === undefined || (count === 0 && loading);

  return (
    <>
      <FilterBar>
        <Field label="PO#" type="search" inputMode="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </FilterBar>
      <Viewport ref={viewport} role="table" aria-label="Orders" aria-rowcount={count + 1} aria-busy={loading}>
        <HeaderRow role="row" aria-rowindex={1}>
          <HeaderCell role="columnheader">Order Date</HeaderCell>
          <HeaderCell role="columnheader">Order Total</HeaderCell>
          <HeaderCell role="columnheader">Raised By User</HeaderCell>
          <HeaderCell role="columnheader">{perspective.counterpartLabel}</HeaderCell>
          <HeaderCell role="columnheader">State</HeaderCell>
        </HeaderRow>
        {firstLoad ? (
          <Status role="status">Loading orders…</Status>
        ) : count === 0 ? (
          <Status role="status">{messages.noResults}</Status>
        ) : (
          <Body role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => (
              <OrderListRow
                key={item.key}
                order={orders[item.index]!}
                side={perspective.side}
                orgId={perspective.orgId}
                index={item.index}
                style={{ top: item.start, height: item.size }}
              />
            ))}
          </Body>
        )}
      </Viewport>
      {failed && <Status role="status">The server could not be reached: these are the orders saved on this device.</Status>}
      {loading && count > 0 && <Status role="status">Loading more orders…</Status>}
    </>
  );
}
