import * as z from 'zod/mini';
import { isUnauthorized } from '../../api/api-error';
import { logout } from '../../api/session';
import { STORAGE_KEYS } from '../../domain/constants';
import { createStoredValue } from '../storage/stored-value';

/**
 * A sign-out that could not reach the server leaves its session cookie valid (it is
 * httpOnly: only the server can end it), so the next person to open the app online
 * would be signed in as the previous user. The flag says a logout is still owed; the
 * app sends it before it restores any session, and shows the login until then.
 */
const owed = createStoredValue(STORAGE_KEYS.signOutOwed, z.nullable(z.literal(true)), null);

export const isSignOutOwed = (): boolean => owed.get() === true;

/**
 * Asks the server to end the session. True once it is gone: the server confirmed, or
 * answered 401 (nothing left to end). Anything else (offline, 5xx, an unexpected
 * answer) may have left it valid.
 */
async function endServerSession(): Promise<boolean> {
  try {
    await logout();
    return true;
  } catch (error) {
    return isUnauthorized(error);
  }
}

/** Sign-out's call to the server; remembers the logout as owed when it did not get through. */
export async function signOutOfServer(): Promise<void> {
  if (!(await endServerSession())) owed.set(true);
}

let settling: Promise<boolean> | null = null;

/**
 * Sends the owed logout, if one is owed. True when nothing is owed any more. Callers at
 * the same time (start, `online`, the login form) share one request: a second logout
 * answering after a new sign-in would clear the new session's cookie.
 */
export function settleOwedSignOut(): Promise<boolean> {
  if (!isSignOutOwed()) return Promise.resolve(true);
  settling ??= endServerSession()
    .then((ended) => {
      if (ended) owed.set(null);
      return ended;
    })
    .finally(() => {
      settling = null;
    });
  return settling;
}

/** A new sign-in replaced the session cookie: the old session can no longer be ended from here. */
export function forgetOwedSignOut(): void {
  owed.set(null);
}
