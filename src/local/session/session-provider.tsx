import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { acceptTermsOfUse } from '../../api/session';
import type { RenderFor } from '../../domain/roles';
import { useStoredValue } from '../storage/stored-value';
import { loadedLocalStore } from '../sync-start/local-store-loader';
import { loadSession } from './load-session';
import { settleOwedSignOut, signOutOfServer } from './owed-sign-out';
import { SessionContext, type SessionContextValue } from './session-context';
import type { SessionState } from './session-state';
import { assumedOrganisation, cachedProfile } from './session-storage';
import { announceSignOut, onSignOutElsewhere } from './sign-out-channel';

interface SessionProviderProps {
  children: ReactNode;
  /** Told after every change of the assumed organisation, e.g. to confirm it to the user. */
  onIdentityChange?: (renderFor: RenderFor | null) => void;
  /** How sign-out restarts the app; a full reload drops every in-memory trace of the user. */
  reloadPage?: () => void;
  /** Told when the server confirms a session, before the local database opens: time to fetch the shell's code. */
  onSessionFound?: () => void;
}

const reloadWindow = () => window.location.reload();

export function SessionProvider({ children, onIdentityChange, reloadPage = reloadWindow, onSessionFound }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const renderFor = useStoredValue(assumedOrganisation);
  /** The latest load: sign-out waits for it, since a load still running may yet open the user's database. */
  const latestLoad = useRef<Promise<SessionState> | null>(null);

  const sessionFound = useRef(onSessionFound);
  const reload = useCallback(async () => {
    const loading = loadSession(sessionFound.current);
    latestLoad.current = loading;
    const next = await loading;
    // Only the page reload ends a sign-out: an answer arriving during it must not bring the session back.
    // A transition: what the answer brings (the login, or the whole shell) renders in slices, not as one long task.
    startTransition(() => setState((previous) => (previous.status === 'signingOut' ? previous : next)));
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const offline = state.status === 'active' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void reload();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, reload]);

  // A logout owed since an offline sign-out goes out as soon as the connection is back. Listened
  // for from the start (nothing is sent while none is owed): added once the login showed, the
  // listener came a moment after it, and a connection back in that moment went unnoticed.
  useEffect(() => {
    const onOnline = () => void settleOwedSignOut();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const acceptTerms = useCallback(async () => {
    if (state.status !== 'termsPending') return;
    await acceptTermsOfUse(state.policy);
    await reload();
  }, [state, reload]);

  /**
   * Ends the session in this tab: closes and deletes the user's local data (database,
   * sync worker, file caches, the tab's session storage), then reloads, which drops
   * every in-memory trace of the user.
   */
  const endLocalSession = useCallback(async () => {
    setState({ status: 'signingOut' });
    const last = await latestLoad.current;
    if (last?.status === 'active' && typeof indexedDB !== 'undefined') {
      await loadedLocalStore()
        .wipeLocalData(last.profile.user.username)
        .catch((error: unknown) => console.error('Could not delete the local data', error));
    }
    reloadPage();
  }, [reloadPage]);

  const signOut = useCallback(async () => {
    setState({ status: 'signingOut' });
    // Offline or with the server down the logout is owed, and sent before any later start restores a session.
    await signOutOfServer();
    assumedOrganisation.set(null);
    cachedProfile.set(null);
    // After the server call (or the owed flag): the other tabs reload into a signed-out start.
    announceSignOut();
    await endLocalSession();
  }, [endLocalSession]);

  useEffect(() => onSignOutElsewhere(() => void endLocalSession()), [endLocalSession]);

  const assumeIdentity = useCallback(
    (next: RenderFor | null) => {
      assumedOrganisation.set(next);
      onIdentityChange?.(next);
    },
    [onIdentityChange],
  );

  const value = useMemo<SessionContextValue>(
    () => ({ state, renderFor, reload, acceptTerms, signOut, assumeIdentity }),
    [state, renderFor, reload, acceptTerms, signOut, assumeIdentity],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
