import { messages } from '../../domain/messages';
import { formatMoney, roundMoney } from '../../domain/money';
import type { OrderLineRow } from '../../local/db/store-rows';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import { FreeTextMark } from './order-detail.styles';

const money = (value: unknown, currency: unknown) => (typeof value === 'number' ? `${formatMoney(value)} ${String(currency ?? '')}`.trim() : '');

/** Line Total (excl) is quantity times the unit price, rounded to cents, in the price's currency. */
const columns: Column<OrderLineRow>[] = [
  { id: 'number', header: '#', minWidth: 28, kind: 'number', cell: (l) => l.number },
  {
    id: 'code',
    header: 'Product Code',
    minWidth: 96,
    kind: 'code',
    // A line the buyer ordered outside the supplier's catalogue says so under its code.
    cell: (l) =>
      l.freeText ? (
        <>
          {String(l.supplierProductCode ?? '')}
          <FreeTextMark>{messages.freeTextLine}</FreeTextMark>
        </>
      ) : (
        String(l.supplierProductCode ?? '')
      ),
  },
  { id: 'description', header: 'Description', minWidth: 160, cell: (l) => String(l.description ?? '') },
  { id: 'quantity', header: 'Quantity', minWidth: 80, align: 'end', cell: (l) => Number(l.quantity ?? 0) },
  { id: 'uom', header: 'UOM', minWidth: 56, kind: 'code', priority: 2, cell: (l) => String(l.uom ?? '') },
  { id: 'price', header: 'Price (excl)', minWidth: 96, align: 'end', priority: 2, cell: (l) => money(l.unitPrice, l.priceCurreny) },
  { id: 'tax', header: 'Tax', minWidth: 96, align: 'end', priority: 3, cell: (l) => money(l.taxLine, l.taxLineCurrency) },
  {
    id: 'total',
    header: 'Line Total (excl)',
    minWidth: 130,
    align: 'end',
    cell: (l) => money(roundMoney(Number(l.quantity ?? 0) * Number(l.unitPrice ?? 0)), l.priceCurreny),
  },
  { id: 'comments', header: 'Comments', minWidth: 120, priority: 3, cell: (l) => String(l.lineComment ?? '') },
];

export function OrderLinesTable({ lines }: { lines: OrderLineRow[] }) {
  return <SimpleTable label="Order lines" rows={lines} columns={columns} rowKey={(l) => l.key} />;
}
