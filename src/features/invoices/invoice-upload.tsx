import { useCallback, useState } from 'react';
import { requestInvoiceUploadUrl } from '../../local/online/file-calls';
import { can } from '../../domain/roles';
import { messages } from '../../domain/messages';
import { useInvoiceUpload } from '../../local/hooks/use-invoice-upload';
import { Button } from '../../ui/button/Button';
import { UploadArea } from '../../ui/upload/UploadArea';
import type { InvoiceBuyer } from './use-invoice-buyer';

/** A buyer sends an invoice file (PDF, UBL, CII or cXML) to the intake, as a supplier's mail would. */
export function InvoiceUpload({ buyer }: { buyer: InvoiceBuyer }) {
  const [open, setOpen] = useState(false);
  const upload = useInvoiceUpload(buyer.orgId, buyer.scope);
  const { reset } = upload;
  const close = useCallback(() => {
    setOpen(false);
    reset();
  }, [reset]);
  if (!can(buyer.viewer, 'uploadInvoices')) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={open}>
        Upload Invoice
      </Button>
      {open && (
        <UploadArea
          label="Invoice file"
          accept=".pdf,.xml,application/pdf,application/xml,text/xml"
          requestUploadUrl={(file) => requestInvoiceUploadUrl(buyer.orgId, file.name)}
          uploadFailedText={messages.uploadUrlFailed}
          onUploaded={upload.onUploaded}
          onClose={close}
          job={upload.job}
        />
      )}
    </>
  );
}
