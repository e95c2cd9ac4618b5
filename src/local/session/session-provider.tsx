import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { logout, acceptTermsOfUse } from '../../api/session';
import type { RenderFor } from '../../domain/roles';
import { wipeLocalData } from '../outbox/wipe-local-data';
import { useStoredValue } from '../storage/stored-value';
import { loadSession } from './load-session';
import { SessionContext, type SessionContextValue } from './session-context';
import type { SessionState } from './session-state';
import { assumedOrganisation, cachedProfile } from './session-storage';

interface SessionProviderProps {
  children: ReactNode;
  /** Told after every change of the assumed organisation, e.g. to confirm it to the user. */
  onIdentityChange?: (renderFor: RenderFor | null) => void;
  /** How sign-out restarts the app; a full reload drops every in-memory trace of the user. */
  reloadPage?: () => void;
}

const reloadWindow = () => window.location.reload();

export function SessionProvider({ children, onIdentityChange, reloadPage = reloadWindow }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const renderFor = useStoredValue(assumedOrganisation);

  const reload = useCallback(async () => {
    setState(await loadSession());
  }, []);

  useEffect(() => {
    let current = true;
    void loadSession().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, []);

  const offline = state.status === 'active' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void reload();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, reload]);

  const acceptTerms = useCallback(async () => {
    if (state.status !== 'termsPending') return;
    await acceptTermsOfUse(state.policy);
    await reload();
  }, [state, reload]);

  const username = state.status === 'active' ? state.profile.user.username : null;
  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // Offline or server down: the wipe below still signs this browser out.
    }
    assumedOrganisation.set(null);
    cachedProfile.set(null);
    // The user's local database (rows, outbox, drafts) and file caches go with the session.
    if (username && typeof indexedDB !== 'undefined') {
      await wipeLocalData(username).catch((error: unknown) => console.error('Could not delete the local data', error));
    }
    reloadPage();
  }, [reloadPage, username]);

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
