import { discardChange, retryChange } from '../../local/outbox/outbox-actions';
import type { OutboxEntry } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { Drawer } from '../../ui/drawer/Drawer';
import { changeLabel } from './change-labels';
import { Actions, ChangeItem, ChangeList, ErrorText } from './sync-status.styles';

interface ChangesNotSentPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: OutboxEntry[];
}

/**
 * Changes the server refused, each with the server's errors: the user sends it again
 * (after fixing what the errors say, e.g. in the ASN draft) or discards it.
 */
export function ChangesNotSentPanel({ open, onOpenChange, changes }: ChangesNotSentPanelProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Changes not sent">
      {changes.length === 0 ? (
        <p>Every change has been sent.</p>
      ) : (
        <ChangeList>
          {changes.map((change) => (
            <ChangeItem key={change.id}>
              <strong>{changeLabel(change)}</strong>
              <span>{new Date(change.createdAt).toLocaleString()}</span>
              {(change.errors ?? []).map((error) => (
                <ErrorText key={error}>{error}</ErrorText>
              ))}
              <Actions>
                <Button onClick={() => void retryChange(change.id)} aria-label={`Retry: ${changeLabel(change)}`}>
                  Retry
                </Button>
                <Button variant="text" onClick={() => void discardChange(change.id)} aria-label={`Discard: ${changeLabel(change)}`}>
                  Discard
                </Button>
              </Actions>
            </ChangeItem>
          ))}
        </ChangeList>
      )}
    </Drawer>
  );
}
