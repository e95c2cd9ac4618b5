import { useCallback, useState } from 'react';
import { formatMessage, messages } from '../../domain/messages';
import { useExportJob, type ExportSettled } from '../../local/hooks/use-export-job';
import { useOnline } from '../../local/hooks/use-sync-state';
import { refreshExportedInvoice } from '../../local/mutations/export-documents';
import { reExtractInvoice } from '../../local/mutations/re-extract-invoice';
import { Button } from '../../ui/button/Button';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { OfflineReason } from './invoice-detail.styles';

/** The invoice number a finished re-extraction read, if any. */
function documentIdOf(result: unknown): string | null {
  const id = result && typeof result === 'object' ? (result as { documentId?: unknown }).documentId : null;
  return typeof id === 'string' ? id : null;
}

/**
 * Support's 'Re-run extraction' of an invoice, once it has fixed the supplier's template:
 * a job on the server, followed until it ends; the re-read invoice then replaces the held
 * one. Disabled, with the reason, offline or once the invoice was exported.
 */
export function ReExtractButton({ buyerId, invoiceId, exported }: { buyerId: string; invoiceId: string; exported: boolean }) {
  const online = useOnline();
  const { notify } = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const queue = useCallback(() => {
    setFailure(null);
    return reExtractInvoice(buyerId, invoiceId);
  }, [buyerId, invoiceId]);
  const onSettled = useCallback(
    (outcome: ExportSettled) => {
      if (outcome.ok) {
        notify({ variant: 'success', message: formatMessage.reExtracted(documentIdOf(outcome.result)) });
        void refreshExportedInvoice(buyerId, invoiceId).catch(() => undefined);
        return;
      }
      const text = outcome.failure ?? messages.somethingWentWrong;
      setFailure(text);
      notify({ variant: 'error', message: text });
    },
    [notify, buyerId, invoiceId],
  );
  const { start, busy } = useExportJob(buyerId, queue, onSettled);
  const reason = exported ? messages.reExtractExported : !online ? messages.reExtractNeedsConnection : null;
  return (
    <>
      <Button variant="outlined" onClick={() => start()} disabled={busy || reason !== null} aria-describedby={reason ? 're-extract-reason' : undefined}>
        {busy ? 'Re-running extraction…' : 'Re-run extraction'}
      </Button>
      {reason && <OfflineReason id="re-extract-reason">{reason}</OfflineReason>}
      {failure && <OfflineReason role="alert">{failure}</OfflineReason>}
    </>
  );
}
