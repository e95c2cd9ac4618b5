import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** The layout every screen inside the app shares; it adds no path segment. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: lazyRouteComponent(() => import('./shell-frame'), 'ShellFrame'),
});
