import { Button } from '../../ui/button/Button';
import { Toolbar } from './order-detail.styles';

export type OrderDrawer = 'asn' | 'orders' | 'history';

interface OrderToolbarProps {
  onOpen: (drawer: OrderDrawer) => void;
  /** Shown to suppliers for orders they may export; null hides the button. */
  exportAction: { onExport: () => void; busy: boolean; offline: boolean } | null;
}

export function OrderToolbar({ onOpen, exportAction }: OrderToolbarProps) {
  return (
    <Toolbar role="toolbar" aria-label="Order actions">
      <Button variant="outlined" onClick={() => onOpen('asn')}>
        ASNs
      </Button>
      <Button variant="outlined" onClick={() => onOpen('orders')}>
        Orders
      </Button>
      <Button variant="outlined" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="outlined" onClick={() => onOpen('history')}>
        History
      </Button>
      {exportAction && (
        <Button
          onClick={exportAction.onExport}
          disabled={exportAction.busy || exportAction.offline}
          title={exportAction.offline ? 'Exporting needs a connection to the server' : undefined}
        >
          {exportAction.busy ? 'Exporting…' : 'Export'}
        </Button>
      )}
    </Toolbar>
  );
}
