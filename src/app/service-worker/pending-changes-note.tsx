import { usePendingCount } from '../../local/hooks/use-sync-state';
import { Text } from './update-prompt.styles';

/**
 * Changes still in the outbox survive a reload (they live in IndexedDB), but the user
 * should know before choosing. A chunk of its own: it reads the local store, which the
 * sign-in page does not load.
 */
export function PendingChangesNote() {
  const waiting = usePendingCount();
  if (waiting === 0) return null;
  return (
    <Text>
      {waiting === 1 ? '1 change is' : `${waiting} changes are`} not sent yet; reloading keeps them and sends them after the update.
    </Text>
  );
}
