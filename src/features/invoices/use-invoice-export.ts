import { useCallback, useState } from 'react';
import { messages } from '../../domain/messages';
import { useExportJob } from '../../local/hooks/use-export-job';
import { useOnline } from '../../local/hooks/use-sync-state';
import { exportInvoice, refreshExportedInvoice } from '../../local/mutations/export-documents';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

/**
 * Export queues the invoice's delivery through the buyer's EDI setting as a job on the
 * server and follows it: once the document went, the spec's message; a failure shows the
 * job's error (the partner's words for a refused cXML document), which the server also
 * writes to the invoice's history. Offline the button is disabled and says why.
 */
export function useInvoiceExport(buyerId: string, invoiceId: string) {
  const { notify } = useSnackbar();
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  // An invoice with exceptions goes only with the user's confirmation (confirmExceptions).
  const queue = useCallback((confirmExceptions?: boolean) => {
    setFailure(null);
    return exportInvoice(buyerId, invoiceId, confirmExceptions === true);
  }, [buyerId, invoiceId]);
  const onSettled = useCallback(
    (outcome: { ok: boolean; failure: string | null }) => {
      if (outcome.ok) {
        notify({ variant: 'success', message: messages.invoiceExported });
        void refreshExportedInvoice(buyerId, invoiceId).catch(() => undefined);
        return;
      }
      const text = outcome.failure ?? 'Export failed';
      setFailure(text);
      notify({ variant: 'error', message: text });
    },
    [notify, buyerId, invoiceId],
  );
  const { start, busy } = useExportJob(buyerId, queue, onSettled);
  return { onExport: start, busy, offline: !online, failure };
}
