import { createRoute } from '@tanstack/react-router';
import { TermsScreen } from '../features/auth/terms-screen';
import { rootRoute } from './root';

/** Outside the shell: nothing else of the app shows until the terms are accepted. */
export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app/termsOfUse',
  component: TermsScreen,
});
