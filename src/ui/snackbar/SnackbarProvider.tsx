import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SNACKBAR_DURATION_MS } from '../../domain/constants';
import { IconButton } from '../button/Button';
import { CloseIcon } from '../icons/icons';
import { SnackbarContext, type SnackbarApi, type SnackbarMessage } from './snackbar-context';
import { Item, Stack, Text } from './snackbar.styles';

interface ShownSnackbar extends SnackbarMessage {
  id: number;
}

function Snackbar({ snackbar, onClose }: { snackbar: ShownSnackbar; onClose: (id: number) => void }) {
  const { id, variant } = snackbar;
  const isError = variant === 'error';

  useEffect(() => {
    // Errors wait for the user: they may need to read or copy them.
    if (isError) return;
    const timer = setTimeout(() => onClose(id), SNACKBAR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, isError, onClose]);

  return (
    <Item $variant={snackbar.variant} role={isError ? 'alert' : 'status'}>
      <Text>{snackbar.message}</Text>
      <IconButton aria-label="Dismiss" onClick={() => onClose(id)}>
        <CloseIcon />
      </IconButton>
    </Item>
  );
}

/** Holds the snackbars of the whole app at the bottom of the screen. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownSnackbar[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => {
    setShown((list) => list.filter((s) => s.id !== id));
  }, []);

  const api = useMemo<SnackbarApi>(
    () => ({
      notify(snackbar) {
        const id = nextId.current++;
        setShown((list) => [...list.filter((s) => !snackbar.topic || s.topic !== snackbar.topic), { ...snackbar, id }]);
      },
    }),
    [],
  );

  return (
    <SnackbarContext value={api}>
      {children}
      {/* Mounted on demand at the end of <body>: a modal drawer hides everything that
          existed when it opened from screen readers, and a snackbar must still be heard. */}
      {shown.length > 0 &&
        createPortal(
          <Stack>
            {shown.map((snackbar) => (
              <Snackbar key={snackbar.id} snackbar={snackbar} onClose={close} />
            ))}
          </Stack>,
          document.body,
        )}
    </SnackbarContext>
  );
}
