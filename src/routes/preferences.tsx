import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guarded } from './guarded';
import { shellRoute } from './shell';

// Each screen is a chunk of its own, loaded when its route is first visited.
const PreferencesScreen = lazyRouteComponent(() => import('../features/preferences/preferences-screen'), 'PreferencesScreen');

export const preferencesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/preferences',
  component: guarded('viewPreferences', PreferencesScreen),
});
