import { formatMoney } from '../../domain/money';
import type { InvoiceLineItem } from '../../domain/schemas/invoices';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';

const money = (value: number) => formatMoney(value);

const COLUMNS: Column<InvoiceLineItem>[] = [
  { id: 'sequence', header: '#', width: '48px', minWidth: 48, align: 'end', cell: (line) => line.sequence },
  { id: 'code', header: 'Code', width: 'minmax(100px, 1fr)', minWidth: 100, cell: (line) => line.code ?? '' },
  { id: 'description', header: 'Description', width: 'minmax(180px, 2.5fr)', minWidth: 180, cell: (line) => line.description ?? '' },
  { id: 'invoiced', header: 'Invoiced', width: 'minmax(80px, 0.7fr)', minWidth: 80, align: 'end', priority: 2, cell: (line) => line.qtyShipped },
  { id: 'uom', header: 'UOM', width: 'minmax(60px, 0.5fr)', minWidth: 60, priority: 2, cell: (line) => line.uom ?? '' },
  { id: 'price', header: 'Price', width: 'minmax(90px, 0.9fr)', minWidth: 90, align: 'end', priority: 2, cell: (line) => money(line.unitPrice) },
  { id: 'discount', header: 'Discount', width: 'minmax(90px, 0.9fr)', minWidth: 90, align: 'end', priority: 3, cell: (line) => money(line.discount) },
  { id: 'tax', header: 'TAX', width: 'minmax(80px, 0.8fr)', minWidth: 80, align: 'end', priority: 3, cell: (line) => money(line.tax) },
  { id: 'gross', header: 'Gross Total', width: 'minmax(110px, 1fr)', minWidth: 110, align: 'end', cell: (line) => money(line.grossLineTotal) },
];

/**
 * The invoice's lines, already sorted by sequence. In a narrow pane Discount and TAX,
 * then Invoiced, UOM and Price are stacked under the line number rather than scrolled to.
 */
export function InvoiceLinesTable({ lines }: { lines: InvoiceLineItem[] }) {
  // The pane scrolls as a whole: a second scroll box inside it would hold no focusable content for the keyboard.
  return <SimpleTable label="Invoice lines" rows={lines} columns={COLUMNS} rowKey={(line) => String(line.id)} maxHeight="none" />;
}
