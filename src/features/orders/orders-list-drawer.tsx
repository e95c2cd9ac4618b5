import { Drawer } from '../../ui/drawer/Drawer';
import { OrderList } from './order-list';
import type { OrderPerspective } from './use-order-perspective';

interface OrdersListDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  perspective: OrderPerspective;
}

/** The order list beside an open order, to move to another one without leaving the screen. */
export function OrdersListDrawer({ open, onOpenChange, perspective }: OrdersListDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Orders">
      <OrderList perspective={perspective} />
    </Drawer>
  );
}
