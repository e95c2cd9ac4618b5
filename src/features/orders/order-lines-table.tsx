import { formatMoney, roundMoney } from '../../domain/money';
import type { OrderLineRow } from '../../sync/rows';
import { Table, TableScroll } from './data-table.styles';

const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : '');

/** The order's lines; Line Total (excl) is quantity times the unit price, rounded to cents. */
export function OrderLinesTable({ lines }: { lines: OrderLineRow[] }) {
  return (
    <TableScroll>
      <Table aria-label="Order lines" style={{ minWidth: 900 }}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Product Code</th>
            <th scope="col">Description</th>
            <th scope="col" className="number">
              Quantity
            </th>
            <th scope="col">UOM</th>
            <th scope="col" className="number">
              Price (excl)
            </th>
            <th scope="col" className="number">
              Tax
            </th>
            <th scope="col" className="number">
              Line Total (excl)
            </th>
            <th scope="col">Comments</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const quantity = Number(line.quantity ?? 0);
            const price = Number(line.unitPrice ?? 0);
            return (
              <tr key={line.key}>
                <td>{line.number}</td>
                <td>{String(line.supplierProductCode ?? '')}</td>
                <td>{String(line.description ?? '')}</td>
                <td className="number">{quantity}</td>
                <td>{String(line.uom ?? '')}</td>
                <td className="number">
                  {money(line.unitPrice)} {String(line.priceCurreny ?? '')}
                </td>
                <td className="number">
                  {money(line.taxLine)} {String(line.taxLineCurrency ?? '')}
                </td>
                <td className="number">{formatMoney(roundMoney(quantity * price))}</td>
                <td>{String(line.lineComment ?? '')}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
