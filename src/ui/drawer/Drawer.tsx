import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { CloseIcon } from '../icons/icons';
import { Body, Header, Overlay, Panel, Title } from './drawer.styles';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Side drawers slide in from the right; bottom drawers hold lists under a detail. */
  side?: 'right' | 'bottom';
  children: ReactNode;
}

function keepForInnerLayer(event: KeyboardEvent): void {
  if (event.target instanceof Element && event.target.closest('[data-own-escape]')) event.preventDefault();
}

/** A modal panel: focus stays inside while open, Escape or the close button dismisses it. */
export function Drawer({ open, onOpenChange, title, side = 'right', children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay asChild>
          <Overlay />
        </Dialog.Overlay>
        {/* A layer opened inside the drawer (marked `data-own-escape`, e.g. an image lightbox) closes on Escape alone. */}
        <Dialog.Content asChild aria-describedby={undefined} onEscapeKeyDown={keepForInnerLayer}>
          {/* `data-drawer-side`: the snackbars move to the top while a bottom drawer is open (snackbar.styles.ts). */}
          <Panel $side={side} data-drawer-side={side}>
            <Header>
              <Dialog.Title asChild>
                <Title>{title}</Title>
              </Dialog.Title>
              <Dialog.Close asChild>
                <IconButton aria-label="Close">
                  <CloseIcon />
                </IconButton>
              </Dialog.Close>
            </Header>
            <Body>{children}</Body>
          </Panel>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
