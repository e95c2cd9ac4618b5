import { createRootRoute } from '@tanstack/react-router';
import { ErrorScreen } from '../features/shell/error-screen';
import { NotFoundScreen } from '../features/shell/not-found-screen';
import { SessionGate } from './session-gate';

export const rootRoute = createRootRoute({
  component: SessionGate,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});
