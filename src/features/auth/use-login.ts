import { useCallback } from 'react';
import { isUnauthorized } from '../../api/api-error';
import { login, type Credentials } from '../../api/session';
import { messages } from '../../domain/messages';
import { useSession } from '../../local/session/use-session';

/** Signs in and loads the session; answers the message to show when it fails. */
export function useLogin(): (credentials: Credentials) => Promise<string | null> {
  const { reload } = useSession();
  return useCallback(
    async (credentials) => {
      try {
        await login(credentials);
      } catch (error) {
        return isUnauthorized(error) ? messages.loginUnauthorized : messages.somethingWentWrong;
      }
      await reload();
      return null;
    },
    [reload],
  );
}
