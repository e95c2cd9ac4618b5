import { useCallback, type ReactNode } from 'react';
import { messages } from '../domain/messages';
import type { RenderFor } from '../domain/roles';
import { SessionProvider } from '../local/session/session-provider';
import { preloadShellFrame } from '../routes/shell';
import { useSnackbar } from '../ui/snackbar/use-snackbar';

interface SessionWithNoticesProps {
  children: ReactNode;
  reloadPage?: () => void;
}

/**
 * The session, wired to tell the user whenever the assumed organisation changes, and to
 * fetch the shell's code while the local database opens.
 */
export function SessionWithNotices({ children, reloadPage }: SessionWithNoticesProps) {
  const { notify } = useSnackbar();
  const onIdentityChange = useCallback(
    (next: RenderFor | null) => notify({ variant: 'success', message: next ? messages.identityAssumed : messages.identityReleased }),
    [notify],
  );
  return (
    <SessionProvider onIdentityChange={onIdentityChange} reloadPage={reloadPage} onSessionFound={preloadShellFrame}>
      {children}
    </SessionProvider>
  );
}
