import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { VisuallyHidden } from '../page';
import { Body, CloseButton, Header, Sheet, Title } from './full-screen-dialog.styles';

interface FullScreenDialogProps {
  open: boolean;
  /** Escape and the close button ask to close; the owner decides (a scan may want to finish first). */
  onClose: () => void;
  title: string;
  /** Read by screen readers when the dialog opens. */
  description: string;
  closeLabel: string;
  /** Buttons beside the title, before the close button. */
  actions?: ReactNode;
  /** Takes the focus on opening (a field a hardware scanner types into); else the first control does. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** A dialog over the whole screen (a camera view): focus kept inside, Escape closes, the title names it. */
export function FullScreenDialog({ open, onClose, title, description, closeLabel, actions, initialFocus, children }: FullScreenDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          asChild
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <Sheet>
            <Header>
              <Dialog.Title asChild>
                <Title>{title}</Title>
              </Dialog.Title>
              {actions}
              <CloseButton type="button" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
                ×
              </CloseButton>
            </Header>
            <Dialog.Description asChild>
              <VisuallyHidden>{description}</VisuallyHidden>
            </Dialog.Description>
            <Body>{children}</Body>
          </Sheet>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
