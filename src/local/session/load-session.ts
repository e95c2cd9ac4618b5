import { isUnreachable } from '../../api/api-error';
import { probeSession } from '../../api/session';
import type { Profile } from '../../domain/schemas/session';
import { yieldToBrowser } from '../start/yield-to-browser';
import { loadLocalStore } from '../sync-start/local-store-loader';
import { isSignOutOwed, settleOwedSignOut } from './owed-sign-out';
import { cachedProfile } from './session-storage';
import type { SessionState } from './session-state';

/**
 * Asks the server who is signed in. Offline (or with the server down) the last
 * profile loaded online stands in; any other failure, 401 first, means signed out.
 * A sign-out that has not reached the server yet comes first: until it has, the
 * session cookie may still be valid, and the login shows whatever the server says.
 * `onSessionFound` is told as soon as the server confirms a session, before the local database opens.
 */
export async function loadSession(onSessionFound?: () => void): Promise<SessionState> {
  if (isSignOutOwed()) {
    await settleOwedSignOut();
    return { status: 'signedOut' };
  }
  try {
    const probe = await probeSession();
    if (!probe.signedIn) {
      cachedProfile.set(null);
      return { status: 'signedOut' };
    }
    const { policy, profile } = probe;
    if (policy.state === 'TERMS_OF_USE') {
      cachedProfile.set(null);
      return { status: 'termsPending', policy };
    }
    // The store's code and what the caller wants ready for a session (the shell's) load side by side.
    void loadLocalStore().catch(() => undefined);
    onSessionFound?.();
    cachedProfile.set(profile);
    return activate(profile, false);
  } catch (error) {
    if (!isUnreachable(error)) {
      cachedProfile.set(null);
      return { status: 'signedOut' };
    }
    const profile = cachedProfile.get();
    return profile ? activate(profile, true) : { status: 'signedOut' };
  }
}

/**
 * Loads the local store's code and opens (on the first sign-in, creates) the user's
 * database before the session counts as active: the sync worker started then only opens
 * an existing one, and the shell finds the store loaded. Evaluating Dexie's code and
 * declaring the store's schema are separate tasks: together they were one long task.
 */
async function activate(profile: Profile, offline: boolean): Promise<SessionState> {
  const { openLocalDatabase } = await loadLocalStore();
  await yieldToBrowser();
  await openLocalDatabase(profile.user.username)
    .open()
    .catch((error: unknown) => console.error('Could not open the local database', error));
  return { status: 'active', profile, offline };
}
