import { useHistory } from '../../local/hooks/use-history';
import { Drawer } from '../../ui/drawer/Drawer';
import { HistoryTable } from '../../ui/history-table/HistoryTable';

interface OrderHistoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: string;
  orderId: string;
}

export function OrderHistoryDrawer({ open, onOpenChange, scope, orderId }: OrderHistoryDrawerProps) {
  const { entries, failed } = useHistory(scope, 'order', orderId, undefined, open);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Order History">
      <HistoryTable label="Order history" entries={entries} failed={failed} />
    </Drawer>
  );
}
