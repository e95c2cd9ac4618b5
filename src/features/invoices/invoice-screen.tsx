import { useParams } from '@tanstack/react-router';
import { scopeId } from '../../local/db/store-keys';
import { Page } from '../../ui/page';
import { BuyerRequired } from './buyer-required';
import { InvoiceDetail } from './invoice-detail';

export function InvoiceScreen() {
  const { buyerId, invoiceId } = useParams({ from: '/shell/app/invoices/$buyerId/$invoiceId' });
  return (
    <Page style={{ maxWidth: 'none' }}>
      <BuyerRequired>
        {(buyer) => (
          // Keyed by invoice: moving to another one (from Show List) starts afresh.
          <InvoiceDetail key={`${buyerId}/${invoiceId}`} buyer={{ ...buyer, orgId: buyerId, scope: scopeId('buyer', buyerId) }} invoiceId={invoiceId} />
        )}
      </BuyerRequired>
    </Page>
  );
}
