import { formatMoney, roundMoney } from '../../domain/money';
import type { OrderRow } from '../../local/db/store-rows';
import { Totals } from './order-totals.styles';

/** Total Tax, Subtotal (excluding tax) and Total, each with its currency. */
export function OrderTotals({ order }: { order: OrderRow }) {
  const tax = order.taxTotal;
  const subtotal = order.orderTotalExtTax;
  const currency = order.orderTotalCurrency;
  const rows: Array<[string, number, string]> = [
    ['Total Tax', tax, order.taxTotalCurrency],
    ['Subtotal', subtotal, currency],
    ['Total', roundMoney(subtotal + tax), currency],
  ];
  return (
    <Totals aria-label="Totals">
      {rows.map(([label, value, cur]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {formatMoney(value)} {cur}
          </dd>
        </div>
      ))}
    </Totals>
  );
}
