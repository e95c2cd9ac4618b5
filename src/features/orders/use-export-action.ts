import { useState } from 'react';
import { errorToastTextOf } from '../../api/api-error';
import { useOnline } from '../../local/hooks/use-sync-state';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

/**
 * An export the user starts: sent at once (exports are not queued, see
 * src/local/mutations/export-documents.ts), with the spec's toast on success and the
 * generic error toast on failure.
 */
export function useExportAction(run: () => Promise<void>, successMessage: string) {
  const { notify } = useSnackbar();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const onExport = () => {
    setBusy(true);
    run().then(
      () => notify({ variant: 'success', message: successMessage }),
      (error: unknown) => notify({ variant: 'error', message: errorToastTextOf(error) }),
    ).finally(() => setBusy(false));
  };
  return { onExport, busy, offline: !online };
}
