import { useHistory } from '../../local/hooks/use-history';
import { Drawer } from '../../ui/drawer/Drawer';
import { HistoryTable } from '../../ui/history-table/HistoryTable';

interface InvoiceHistoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: string;
  invoiceId: string;
}

/** Date, action and by whom; fetched again on every opening, shown from the store offline. */
export function InvoiceHistoryDrawer({ open, onOpenChange, scope, invoiceId }: InvoiceHistoryDrawerProps) {
  const { entries, failed } = useHistory(scope, 'invoice', invoiceId, undefined, open);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Invoice History">
      <HistoryTable label="Invoice history" entries={entries} failed={failed} showDescription={false} />
    </Drawer>
  );
}
