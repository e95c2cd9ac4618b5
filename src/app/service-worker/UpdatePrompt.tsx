import { useState } from 'react';
import { usePendingCount } from '../../local/hooks/use-sync-state';
import { Button } from '../../ui/button/Button';
import { Prompt, Text } from './update-prompt.styles';
import { useAvailableUpdate } from './update-available';

/** Offers a new version of the app; the user picks the moment, the app never swaps by itself. */
export function UpdatePrompt() {
  const applyUpdate = useAvailableUpdate();
  const [dismissed, setDismissed] = useState(false);
  // Changes still in the outbox survive a reload (they live in IndexedDB), but the user should know before choosing.
  const waiting = usePendingCount();
  if (!applyUpdate || dismissed) return null;

  return (
    <Prompt role="status">
      <Text>Update available</Text>
      {waiting > 0 && (
        <Text>
          {waiting === 1 ? '1 change is' : `${waiting} changes are`} not sent yet; reloading keeps them and sends them after the
          update.
        </Text>
      )}
      <Button variant="text" onClick={() => setDismissed(true)}>
        Later
      </Button>
      <Button onClick={applyUpdate}>Reload</Button>
    </Prompt>
  );
}
