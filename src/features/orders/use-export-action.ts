import { useCallback } from 'react';
import { useExportJob } from '../../local/hooks/use-export-job';
import { useOnline } from '../../local/hooks/use-sync-state';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

/**
 * An export the user starts: queued on the server as a job and followed until the
 * document went (the spec's toast) or failed (the job's error, which is also in the
 * history). `afterDone` refreshes what the export changed.
 */
export function useExportAction(orgId: string, queue: () => Promise<number>, successMessage: string, afterDone?: () => Promise<void>) {
  const { notify } = useSnackbar();
  const online = useOnline();
  const onSettled = useCallback(
    ({ ok, failure }: { ok: boolean; failure: string | null }) => {
      if (ok) {
        notify({ variant: 'success', message: successMessage });
        void afterDone?.().catch(() => undefined);
      } else {
        notify({ variant: 'error', message: failure ?? successMessage });
      }
    },
    [notify, successMessage, afterDone],
  );
  const { start, busy } = useExportJob(orgId, queue, onSettled);
  return { onExport: start, busy, offline: !online };
}
