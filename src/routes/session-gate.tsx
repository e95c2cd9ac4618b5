import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { SessionLoading } from '../features/auth/session-loading';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { useSession } from '../local/session/use-session';

const TERMS_PATH = '/app/termsOfUse';

/**
 * Decides what may show at all: the login without a session, only the terms while
 * they wait for acceptance, the requested route otherwise.
 */
export function SessionGate() {
  const { state } = useSession();
  // The rendered matches, not the location: mid-navigation the location already names
  // the next page while the Outlet still renders the previous one.
  const onTerms = useRouterState({ select: (s) => s.matches.some((match) => match.routeId === TERMS_PATH) });

  if (state.status === 'loading' || state.status === 'signingOut') return <SessionLoading />;
  if (state.status === 'signedOut') return <SignInScreen />;
  if (state.status === 'termsPending' && !onTerms) return <Navigate to={TERMS_PATH} replace />;
  if (state.status === 'active' && onTerms) return <Navigate to="/app/catalogue" replace />;
  return <Outlet />;
}
