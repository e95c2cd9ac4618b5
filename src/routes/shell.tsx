import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

const ShellFrame = lazyRouteComponent(() => import('./shell-frame'), 'ShellFrame');

/**
 * The frame's chunk loads when the frame renders, not when the router matches the
 * route: given a lazy component directly, the router preloads it on every match, and
 * while nobody is signed in the session gate shows the login instead, which then
 * downloaded the frame and the local store it reads for nothing.
 */
function Shell() {
  return <ShellFrame />;
}

/** The layout every screen inside the app shares; it adds no path segment. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: Shell,
});
