import { formatMoney } from '../../domain/money';
import type { InvoiceLineItem } from '../../domain/schemas/invoices';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';

const money = (value: number) => formatMoney(value);

const COLUMNS: Column<InvoiceLineItem>[] = [
  { id: 'sequence', header: '#', minWidth: 36, align: 'end', cell: (line) => line.sequence },
  { id: 'code', header: 'Code', minWidth: 100, kind: 'code', cell: (line) => line.code ?? '' },
  // Three lines of a long product name ('Vortex mixer, variable speed, touch and continuous') at most.
  { id: 'description', header: 'Description', minWidth: 200, cell: (line) => line.description ?? '' },
  { id: 'invoiced', header: 'Invoiced', minWidth: 80, align: 'end', priority: 2, cell: (line) => line.qtyShipped },
  { id: 'uom', header: 'UOM', minWidth: 56, kind: 'code', priority: 2, cell: (line) => line.uom ?? '' },
  { id: 'price', header: 'Price', minWidth: 90, align: 'end', priority: 2, cell: (line) => money(line.unitPrice) },
  { id: 'discount', header: 'Discount', minWidth: 90, align: 'end', priority: 3, cell: (line) => money(line.discount) },
  { id: 'tax', header: 'TAX', minWidth: 80, align: 'end', priority: 3, cell: (line) => money(line.tax) },
  { id: 'gross', header: 'Gross Total', minWidth: 100, align: 'end', cell: (line) => money(line.grossLineTotal) },
];

/**
 * The invoice's lines, already sorted by sequence. In a narrow pane Discount and TAX,
 * then Invoiced, UOM and Price are stacked under the description rather than scrolled to.
 */
export function InvoiceLinesTable({ lines }: { lines: InvoiceLineItem[] }) {
  // The pane scrolls as a whole: a second scroll box inside it would hold no focusable content for the keyboard.
  return <SimpleTable label="Invoice lines" rows={lines} columns={COLUMNS} rowKey={(line) => String(line.id)} maxHeight="none" />;
}
