import { createRootRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../features/shell/not-found-screen';
import { SessionGate } from './session-gate';

export const rootRoute = createRootRoute({ component: SessionGate, notFoundComponent: NotFoundScreen });
