import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const PricelistsScreen = lazyRouteComponent(() => import('../features/pricelists/pricelists-screen'), 'PricelistsScreen');

export const pricelistsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/pricelists',
  component: guarded('viewPricelists', PricelistsScreen),
});
