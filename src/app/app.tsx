import { RouterProvider } from '@tanstack/react-router';
import { SnackbarProvider } from '../ui/snackbar/SnackbarProvider';
import { LocalSync } from './local-sync';
import type { AppRouter } from './router';
import { SessionWithNotices } from './session-with-notices';
import { UpdatePrompt } from './service-worker/UpdatePrompt';
import { ThemedApp } from './themed-app';

interface AppProps {
  router: AppRouter;
  /** How sign-out restarts the app; tests replace the full page reload. */
  reloadPage?: () => void;
}

export function App({ router, reloadPage }: AppProps) {
  return (
    <ThemedApp>
      <SnackbarProvider>
        <SessionWithNotices reloadPage={reloadPage}>
          <LocalSync>
            <RouterProvider router={router} />
          </LocalSync>
        </SessionWithNotices>
      </SnackbarProvider>
      <UpdatePrompt />
    </ThemedApp>
  );
}
