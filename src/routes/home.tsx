import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/catalogue', replace: true });
  },
});
