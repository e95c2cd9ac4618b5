import { createRoute } from '@tanstack/react-router';
import { OrderScreen } from '../features/orders/order-screen';
import { OrdersScreen } from '../features/orders/orders-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

export const ordersRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/orders',
  component: guarded('viewOrders', OrdersScreen),
});

export const orderRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/orders/$orgid/order/$orderid',
  component: guarded('viewOrders', OrderScreen),
});
