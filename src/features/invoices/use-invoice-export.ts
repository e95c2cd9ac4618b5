import { useState } from 'react';
import { errorToastTextOf } from '../../api/api-error';
import { messages } from '../../domain/messages';
import { useOnline } from '../../local/hooks/use-sync-state';
import { exportInvoice } from '../../local/mutations/export-documents';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

/**
 * Export sends the invoice through the buyer's EDI setting at once (exports are not
 * queued: see src/local/mutations/export-documents.ts). Success shows the spec's
 * message; a failure shows the server's errors, which the server also writes to the
 * invoice's history. Offline the button is disabled and says why.
 */
export function useInvoiceExport(buyerId: string, invoiceId: string) {
  const { notify } = useSnackbar();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onExport = (confirmExceptions = false) => {
    setBusy(true);
    setFailure(null);
    exportInvoice(buyerId, invoiceId, confirmExceptions)
      .then(
        () => notify({ variant: 'success', message: messages.invoiceExported }),
        (error: unknown) => {
          const text = errorToastTextOf(error);
          setFailure(text);
          notify({ variant: 'error', message: text });
        },
      )
      .finally(() => setBusy(false));
  };
  return { onExport, busy, offline: !online, failure };
}
