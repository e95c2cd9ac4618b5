import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button/Button';
import { Prompt, Text } from './update-prompt.styles';
import { useAvailableUpdate } from './update-available';

const PendingChangesNote = lazy(() => import('./pending-changes-note').then((m) => ({ default: m.PendingChangesNote })));

/** Offers a new version of the app; the user picks the moment, the app never swaps by itself. */
export function UpdatePrompt() {
  const applyUpdate = useAvailableUpdate();
  const [dismissed, setDismissed] = useState(false);
  if (!applyUpdate || dismissed) return null;

  return (
    <Prompt role="status">
      <Text>Update available</Text>
      <Suspense fallback={null}>
        <PendingChangesNote />
      </Suspense>
      <Button variant="text" onClick={() => setDismissed(true)}>
        Later
      </Button>
      <Button onClick={applyUpdate}>Reload</Button>
    </Prompt>
  );
}
