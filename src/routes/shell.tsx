import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { rootRoute } from './root';

/**
 * The frame's chunk loads when the frame renders, not when the router matches the
 * route: a lazyRouteComponent given to the route is preloaded on every match, and
 * while nobody is signed in the session gate shows the login instead, which then
 * downloaded the frame and the local store it reads for nothing. React's own lazy, as
 * lazyRouteComponent's render-time load held the first render of the shell back by
 * seconds in the component tests.
 */
const loadShellFrame = () => import('./shell-frame');
const ShellFrame = lazy(() => loadShellFrame().then((module) => ({ default: module.ShellFrame })));

/** Starts fetching the frame's chunk once a session is known to exist, so it is there when the session turns active. */
export function preloadShellFrame(): void {
  void loadShellFrame().catch(() => undefined);
}

/** The layout every screen inside the app shares; it adds no path segment. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: ShellFrame,
});
