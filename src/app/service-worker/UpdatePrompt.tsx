import { useState } from 'react';
import { Button } from '../../ui/button/Button';
import { Prompt, Text } from './update-prompt.styles';
import { useAvailableUpdate } from './update-available';

/** Offers a new version of the app; the user picks the moment, the app never swaps by itself. */
export function UpdatePrompt() {
  const applyUpdate = useAvailableUpdate();
  const [dismissed, setDismissed] = useState(false);
  if (!applyUpdate || dismissed) return null;

  return (
    <Prompt role="status">
      <Text>Update available</Text>
      <Button variant="text" onClick={() => setDismissed(true)}>
        Later
      </Button>
      <Button onClick={applyUpdate}>Reload</Button>
    </Prompt>
  );
}
