import type { InvoiceMessage } from '../../domain/schemas/invoices';
import { Drawer } from '../../ui/drawer/Drawer';
import { EmailView } from './email-view';

interface EmailDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: InvoiceMessage;
}

/** 'Show Original Email': the email beside an invoice that also has a PDF. */
export function EmailDrawer({ open, onOpenChange, message }: EmailDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Original Email">
      <EmailView message={message} />
    </Drawer>
  );
}
