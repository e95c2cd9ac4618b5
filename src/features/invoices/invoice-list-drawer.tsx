import { Drawer } from '../../ui/drawer/Drawer';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import type { InvoiceBuyer } from './use-invoice-buyer';
import { useInvoiceFilter } from './use-invoice-filter';

interface InvoiceListDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buyer: InvoiceBuyer;
}

/** 'Show List': the invoice list in a bottom drawer, to move to another invoice without leaving the detail. */
export function InvoiceListDrawer({ open, onOpenChange, buyer }: InvoiceListDrawerProps) {
  const [filter, setFilter] = useInvoiceFilter();
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Invoices" side="bottom">
      <InvoiceFilters value={filter} onChange={setFilter} />
      <InvoiceList buyer={buyer} filter={filter} height="45vh" onOpened={() => onOpenChange(false)} />
    </Drawer>
  );
}
