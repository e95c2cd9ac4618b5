import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

// Each screen is a chunk of its own, loaded when its route is first visited.
const TermsScreen = lazyRouteComponent(() => import('../features/auth/terms-screen'), 'TermsScreen');

/** Outside the shell: nothing else of the app shows until the terms are accepted. */
export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app/termsOfUse',
  component: TermsScreen,
});
