import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

const ReceiveScreen = lazyRouteComponent(() => import('../features/orders/receive/receive-screen'), 'ReceiveScreen');

/** The buyer's dock: receiving shipments (issue 31). */
export const receiveRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/orders/receive',
  component: guarded('receiveDeliveries', ReceiveScreen),
});
