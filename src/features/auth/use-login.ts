import { useCallback } from 'react';
import { isUnauthorized } from '../../local/online/server-answers';
import { login, type Credentials } from '../../local/online/session-calls';
import { messages } from '../../domain/messages';
import { forgetOwedSignOut, settleOwedSignOut } from '../../local/session/owed-sign-out';
import { useSession } from '../../local/session/use-session';

/** Signs in and loads the session; answers the message to show when it fails. */
export function useLogin(): (credentials: Credentials) => Promise<string | null> {
  const { reload } = useSession();
  return useCallback(
    async (credentials) => {
      // An owed logout answering after the login would clear the new session's cookie: it goes first.
      await settleOwedSignOut();
      try {
        await login(credentials);
      } catch (error) {
        return isUnauthorized(error) ? messages.loginUnauthorized : messages.somethingWentWrong;
      }
      forgetOwedSignOut();
      await reload();
      return null;
    },
    [reload],
  );
}
