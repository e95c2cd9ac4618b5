import { createRoute } from '@tanstack/react-router';
import { PricelistsScreen } from '../features/pricelists/pricelists-screen';
import { guarded } from './guarded';
import { shellRoute } from './shell';

export const pricelistsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/pricelists',
  component: guarded('viewPricelists', PricelistsScreen),
});
