import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../button/Button';
import { Actions, Box, Message, Overlay, Title } from './confirm-dialog.styles';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone; Cancel comes first and takes the focus, so Enter is safe. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay asChild>
          <Overlay />
        </Dialog.Overlay>
        <Dialog.Content asChild role="alertdialog">
          <Box>
            <Dialog.Title asChild>
              <Title>{title}</Title>
            </Dialog.Title>
            <Dialog.Description asChild>
              <Message>{message}</Message>
            </Dialog.Description>
            <Actions>
              <Dialog.Close asChild>
                <Button variant="outlined">
                  {cancelLabel}
                </Button>
              </Dialog.Close>
              <Button
                onClick={() => {
                  onConfirm();
                  onOpenChange(false);
                }}
              >
                {confirmLabel}
              </Button>
            </Actions>
          </Box>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
