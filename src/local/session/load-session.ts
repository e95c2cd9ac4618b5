import { isUnreachable } from '../../api/api-error';
import { fetchPolicy, fetchProfile } from '../../api/session';
import { cachedProfile } from './session-storage';
import type { SessionState } from './session-state';

/**
 * Asks the server who is signed in. Offline (or with the server down) the last
 * profile loaded online stands in; any other failure, 401 first, means signed out.
 */
export async function loadSession(): Promise<SessionState> {
  try {
    const policy = await fetchPolicy();
    if (policy.state === 'TERMS_OF_USE') {
      cachedProfile.set(null);
      return { status: 'termsPending', policy };
    }
    const profile = await fetchProfile();
    cachedProfile.set(profile);
    return { status: 'active', profile, offline: false };
  } catch (error) {
    if (!isUnreachable(error)) {
      cachedProfile.set(null);
      return { status: 'signedOut' };
    }
    const profile = cachedProfile.get();
    return profile ? { status: 'active', profile, offline: true } : { status: 'signedOut' };
  }
}
