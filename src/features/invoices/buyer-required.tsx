import type { ReactNode } from 'react';
import { Notice } from '../../ui/page';
import { useInvoiceBuyer, type InvoiceBuyer } from './use-invoice-buyer';

/** Support sees invoices after assuming a buyer's role (spec section 6). */
export function BuyerRequired({ children }: { children: (buyer: InvoiceBuyer) => ReactNode }) {
  const buyer = useInvoiceBuyer();
  if (!buyer) return <Notice>Please, assume the role of a buyer to see its invoices.</Notice>;
  return children(buyer);
}
