import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const OrderScreen = lazyRouteComponent(() => import('../features/orders/order-screen'), 'OrderScreen');
const OrdersScreen = lazyRouteComponent(() => import('../features/orders/orders-screen'), 'OrdersScreen');

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
