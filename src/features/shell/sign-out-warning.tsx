import { useCallback, useState, type ReactNode } from 'react';
import { pendingChangeCount } from '../../local/outbox/pending-change-count';
import { useSession } from '../../local/session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';

const warningText = (count: number) =>
  `${count === 1 ? '1 change has' : `${count} changes have`} not reached the server yet. ` +
  'Signing out deletes the data saved in this browser, and with it these changes. ' +
  'Stay signed in and connect to send them first.';

/**
 * Sign-out as the account menu offers it: straight away when every change has been
 * sent, after a warning when the outbox still holds changes (waiting or refused),
 * since sign-out deletes the user's local database and the changes with it.
 */
export function useSignOutWithWarning(): { requestSignOut: () => void; warning: ReactNode } {
  const { signOut } = useSession();
  const [unsent, setUnsent] = useState(0);

  const requestSignOut = useCallback(() => {
    void pendingChangeCount()
      .catch(() => 0)
      .then((count) => (count > 0 ? setUnsent(count) : signOut()));
  }, [signOut]);

  const warning = (
    <ConfirmDialog
      open={unsent > 0}
      onOpenChange={(open) => !open && setUnsent(0)}
      title="Sign out with unsent changes?"
      message={warningText(unsent)}
      confirmLabel="Sign out anyway"
      cancelLabel="Stay signed in"
      onConfirm={() => void signOut()}
    />
  );
  return { requestSignOut, warning };
}
