import { useMemo } from 'react';
import { formatDateOnly } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import type { PriceGroupRow, usePrices } from '../../local/hooks/use-pricelists';
import type { Column } from '../../ui/data-table/columns';
import { DataTable } from '../../ui/data-table/DataTable';

interface PriceLine {
  key: string;
  productCode: string;
  uom: string;
  startDate: string;
  lowerQuantity: number;
  upperQuantity: number | null;
  price: number;
}

const linesOf = (groups: readonly PriceGroupRow[]): PriceLine[] =>
  groups.flatMap((g) => g.prices.map((p, i) => ({ key: `${g.productCode}|${i}`, productCode: g.productCode, ...p })));

const columns: Column<PriceLine>[] = [
  { id: 'code', header: 'Product Code', cell: (r) => r.productCode, minWidth: 108, kind: 'code', priority: 1 },
  { id: 'uom', header: 'UOM', cell: (r) => r.uom, minWidth: 72, kind: 'code', priority: 1 },
  { id: 'start', header: 'Start Date', cell: (r) => formatDateOnly(r.startDate), minWidth: 100, kind: 'number', priority: 2 },
  { id: 'lower', header: 'Lower', cell: (r) => r.lowerQuantity, align: 'end', minWidth: 72, priority: 3 },
  { id: 'upper', header: 'Upper', cell: (r) => r.upperQuantity ?? '', align: 'end', minWidth: 72, priority: 3 },
  { id: 'price', header: 'Price', cell: (r) => formatMoney(r.price), align: 'end', minWidth: 96, priority: 1 },
];

/**
 * The prices of one pricelist, a line per price, paged by product code: the next
 * page is asked for when the last line scrolls into view, as the spec pages lists.
 */
export function PricesTable({ prices }: { prices: ReturnType<typeof usePrices> }) {
  const lines = useMemo(() => (prices.groups ? linesOf(prices.groups) : undefined), [prices.groups]);
  return (
    <DataTable
      label="Prices"
      rows={lines}
      columns={columns}
      rowKey={(r) => r.key}
      loadMore={prices.loadMore}
      loadMoreAt={1}
      loading={prices.loading}
      // After a failed page (offline) the table stops asking; the pane's next open tries again.
      exhausted={prices.exhausted || prices.failed}
      height="min(60vh, 640px)"
      estimatedRowHeight={48}
    />
  );
}
